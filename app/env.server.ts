import { env } from "cloudflare:workers";
import { z } from "./validation/zod";
import { demoModeAllowed } from "./auth/demo-mode";

/** Plain-text settings from wrangler.toml [vars] or secrets, validated once per isolate. */
const settingsSchema = z.object({
  ENVIRONMENT: z.enum(["development", "staging", "production"]).default("development"),
  SALES_EMAIL: z.email().default("sales@qrcodecreator.app"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  DEMO_MODE: z.enum(["true", "false"]).default("false"),
});

// Local runs need no set-up; deployed environments must set their own secret.
const DEVELOPMENT_SECRET = "development-only-secret-never-used-in-production";

export type Settings = z.infer<typeof settingsSchema>;

let settings: Settings | undefined;

export function getSettings(): Settings {
  settings ??= settingsSchema.parse({
    ENVIRONMENT: env.ENVIRONMENT || undefined,
    SALES_EMAIL: env.SALES_EMAIL || undefined,
    SESSION_SECRET: (env as { SESSION_SECRET?: string }).SESSION_SECRET || undefined,
    DEMO_MODE: (env as { DEMO_MODE?: string }).DEMO_MODE || undefined,
  });
  return settings;
}

/** The key for signing cookies and hashing network addresses. */
export function getSecret(): string {
  const { ENVIRONMENT, SESSION_SECRET } = getSettings();
  if (SESSION_SECRET) return SESSION_SECRET;
  if (ENVIRONMENT === "development") return DEVELOPMENT_SECRET;
  throw new Error(`SESSION_SECRET is not set for the ${ENVIRONMENT} environment`);
}

export function isDemoMode(): boolean {
  return demoModeAllowed(getSettings());
}
