import { z } from "../validation/zod";
import { resolvePaymentSettings } from "../billing/payment-settings";
import { REQUIRED_SETTINGS } from "../auth/provider-settings";
import { resolveMailSettings } from "../mail/settings";
import { resolveDomainSettings } from "../domains/settings";
import { appUrlProblems } from "./app-url";

// Everything a deployment must have, checked in one place (pure, so every rule is unit-tested).
// Each problem names the setting and what is wrong with it, never its value.

export const REQUIRED_BINDINGS = [
  "DB",
  "SESSIONS",
  "LOGOS",
  "RATE_LIMITER",
  "AUTH_RATE_LIMITER",
  "MAIL_QUEUE",
  "SCAN_QUEUE",
  "BULK_QUEUE",
  "WEBHOOK_QUEUE",
  "API_RATE_LIMITER",
];

const varsSchema = z.object({
  ENVIRONMENT: z.enum(["development", "staging", "production"], {
    error: "ENVIRONMENT must be development, staging or production",
  }),
  SALES_EMAIL: z.email({ error: "SALES_EMAIL must be an e-mail address" }).optional(),
  SESSION_SECRET: z
    .string()
    .min(32, { error: "SESSION_SECRET must be at least 32 characters" })
    .optional(),
  DEMO_MODE: z.enum(["true", "false"], { error: "DEMO_MODE must be true or false" }).optional(),
  LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error"], {
      error: "LOG_LEVEL must be debug, info, warn or error",
    })
    .optional(),
});

function given(raw: Record<string, unknown>, key: string): string | undefined {
  const value = raw[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function configurationProblems(raw: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const environment = given(raw, "ENVIRONMENT") ?? "development";
  const vars = varsSchema.safeParse({
    ENVIRONMENT: environment,
    SALES_EMAIL: given(raw, "SALES_EMAIL"),
    SESSION_SECRET: given(raw, "SESSION_SECRET"),
    DEMO_MODE: given(raw, "DEMO_MODE"),
    LOG_LEVEL: given(raw, "LOG_LEVEL"),
  });
  if (!vars.success) problems.push(...vars.error.issues.map((issue) => issue.message));
  if (environment !== "development" && !given(raw, "SESSION_SECRET")) {
    problems.push(`SESSION_SECRET is not set (required in ${environment})`);
  }
  // Webhook signing secrets are encrypted under it (app/webhooks/secret-box.server.ts).
  const webhookKey = given(raw, "WEBHOOK_ENCRYPTION_KEY");
  if (environment !== "development" && !webhookKey) {
    problems.push(`WEBHOOK_ENCRYPTION_KEY is not set (required in ${environment})`);
  } else if (webhookKey && webhookKey.length < 32) {
    problems.push("WEBHOOK_ENCRYPTION_KEY must be at least 32 characters");
  }
  for (const binding of REQUIRED_BINDINGS) {
    if (raw[binding] === undefined || raw[binding] === null) {
      problems.push(`the ${binding} binding is missing`);
    }
  }
  problems.push(...appUrlProblems(raw, environment));
  try {
    resolvePaymentSettings(raw as Record<string, string | undefined>, environment);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  try {
    resolveMailSettings(raw as Record<string, string | undefined>, environment);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  try {
    resolveDomainSettings(raw as Record<string, string | undefined>, environment);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  for (const settings of Object.values(REQUIRED_SETTINGS)) {
    const set = settings.filter((key) => given(raw, key));
    if (set.length > 0 && set.length < settings.length) {
      const missing = settings.filter((key) => !given(raw, key));
      problems.push(`${missing.join(" and ")} must be set too (${set.join(", ")} is)`);
    }
  }
  return problems;
}
