import { TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import { hashPassword } from "../auth/password.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { passwordChangedMessage, recipientLocale } from "../mail/templates";
import { replacePassword } from "../models/account.server";
import { checkCurrentPassword, WRONG_PASSWORD } from "./current-password.server";

// A new password, or a first one for an account that signs in with Google or the developer
// platform only. Either way every session that started before it ends; the caller starts a fresh
// one for the browser that made the change.

export type PasswordChange =
  | { ok: true; firstPassword: boolean }
  | { ok: false; status: 400 | 429; field: "currentPassword" | null; message: string };

export async function changePassword(
  db: Database,
  user: UserRecord,
  input: { currentPassword?: string; newPassword: string },
  origin: string,
  now = new Date(),
): Promise<PasswordChange> {
  const check = await checkCurrentPassword(user, input.currentPassword);
  if (check === "too-many") {
    return { ok: false, status: 429, field: null, message: TOO_MANY_ATTEMPTS };
  }
  if (check === "wrong") {
    return { ok: false, status: 400, field: "currentPassword", message: WRONG_PASSWORD };
  }
  await replacePassword(db, user.id, await hashPassword(input.newPassword), now);
  await sendMail(
    passwordChangedMessage({
      locale: recipientLocale(user.language),
      to: user.email,
      firstName: user.firstName,
      forgotLink: `${origin}/forgot-password`,
    }),
  );
  return { ok: true, firstPassword: user.passwordHash === null };
}
