import { z } from "../validation/zod";

// Who answers support and where new tickets are announced (issue #19). STAFF_EMAILS lists the
// accounts that may open the staff inbox (comma-separated, compared case-insensitively; the
// account's address must also be verified, or anyone could sign up with a listed address).
// SUPPORT_EMAIL receives a message for every new ticket. Read here and nowhere else.

export const DEFAULT_SUPPORT_EMAIL = "support@qrcodecreator.app";

export interface SupportSettings {
  staffEmails: ReadonlySet<string>;
  supportEmail: string;
}

export class SupportMisconfiguredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SupportMisconfiguredError";
  }
}

const address = z.email();

/** Pure: the settings for the variables as set; throws naming the setting that is wrong. */
export function resolveSupportSettings(raw: {
  STAFF_EMAILS?: string;
  SUPPORT_EMAIL?: string;
}): SupportSettings {
  const staff = (raw.STAFF_EMAILS ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of staff) {
    if (!address.safeParse(entry).success) {
      throw new SupportMisconfiguredError(
        "STAFF_EMAILS must be e-mail addresses separated by commas.",
      );
    }
  }
  const supportEmail = raw.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
  if (!address.safeParse(supportEmail).success) {
    throw new SupportMisconfiguredError("SUPPORT_EMAIL must be an e-mail address.");
  }
  return { staffEmails: new Set(staff), supportEmail };
}

/** Staff: a listed address, confirmed by its owner. Nobody else, whatever their plan or role. */
export function isStaff(
  settings: SupportSettings,
  account: { email: string; emailVerified: boolean },
): boolean {
  return account.emailVerified && settings.staffEmails.has(account.email.trim().toLowerCase());
}
