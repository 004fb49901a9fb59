import { env } from "cloudflare:workers";
import { z } from "zod";

/** Plain-text settings from wrangler.toml [vars] or secrets, validated once per isolate. */
const settingsSchema = z.object({
  ENVIRONMENT: z.enum(["development", "staging", "production"]).default("development"),
  SALES_EMAIL: z.email().default("sales@qrcodecreator.app"),
});

export type Settings = z.infer<typeof settingsSchema>;

let settings: Settings | undefined;

export function getSettings(): Settings {
  settings ??= settingsSchema.parse({
    ENVIRONMENT: env.ENVIRONMENT || undefined,
    SALES_EMAIL: env.SALES_EMAIL || undefined,
  });
  return settings;
}
