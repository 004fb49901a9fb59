import { env } from "cloudflare:workers";
import type { UserRecord } from "../db/schema";
import { isStaff, resolveSupportSettings, type SupportSettings } from "./settings";

// The support settings of this Worker (app/support/settings.ts checks them).

export function getSupportSettings(): SupportSettings {
  const raw = env as unknown as Record<string, string | undefined>;
  return resolveSupportSettings({
    STAFF_EMAILS: raw.STAFF_EMAILS,
    SUPPORT_EMAIL: raw.SUPPORT_EMAIL,
  });
}

export function isStaffAccount(user: UserRecord): boolean {
  return isStaff(getSupportSettings(), user);
}
