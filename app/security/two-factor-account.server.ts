import { data } from "react-router";
import type { AccountActionData } from "../accounts/page-data";
import { reauthenticate } from "../accounts/reauthentication.server";
import { redirectWithToast } from "../auth/flash.server";
import { readSession } from "../auth/session.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { limited, TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import { type TwoFactorStep, TWO_FACTOR_STEPS } from "./two-factor";
import {
  cancelSetup,
  confirmSetup,
  disableTwoFactor,
  hasSecondFactor,
  regenerateRecoveryCodes,
  startSetup,
  spendSecondFactor,
} from "./two-factor.server";

// The forms of /account's "Two-factor sign-in" section (intent=two-factor, step=…): set-up with
// a first code, new recovery codes (a code), and turning it off (the password, or a recent
// sign-in without one, and a code). Recovery codes are answered on the page, once; the rest
// redirect back with a message.

const SECTION = "/account#two-factor";

export const CODE_NEEDED =
  "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";
export const WRONG_SETUP_CODE =
  "That code is not the one your app shows for this secret. Check the app's clock and type the code shown now.";
export const WRONG_CODE = "That code is not right, or it was already used.";
export const STALE_SIGN_IN_TWO_FACTOR =
  "To turn two-factor sign-in off, sign in again first: your last sign-in is more than 5 minutes old.";

function answer(step: TwoFactorStep, status: number, error?: string, recoveryCodes?: string[]) {
  return data<AccountActionData>(
    { intent: "two-factor", result: {}, twoFactor: { step, error, recoveryCodes } },
    { status },
  );
}

const isStep = (value: unknown): value is TwoFactorStep =>
  TWO_FACTOR_STEPS.includes(value as TwoFactorStep);

export async function twoFactorAction(
  request: Request,
  form: FormData,
  db: Database,
  user: UserRecord,
) {
  const step = form.get("step");
  if (!isStep(step)) return answer("start", 400, "The form was not recognised. Please try again.");
  const code = String(form.get("code") ?? "").trim();
  // Codes are guessed at here too by whoever holds a session: counted per account.
  if (step !== "start" && step !== "cancel" && (await limited(`two-factor:account:${user.id}`))) {
    return answer(step, 429, TOO_MANY_ATTEMPTS);
  }
  switch (step) {
    case "start":
      await startSetup(db, user);
      return redirectWithToast(request, SECTION, {
        title: "Scan the code with your app",
        description: "Then type the 6-digit code it shows to turn two-factor sign-in on.",
        variant: "success",
      });
    case "cancel":
      await cancelSetup(db, user.id);
      return redirectWithToast(request, SECTION, {
        title: "Set-up cancelled",
        description: "Two-factor sign-in stays off.",
        variant: "success",
      });
    case "confirm": {
      if (!code) return answer(step, 400, CODE_NEEDED);
      const codes = await confirmSetup(db, user, code);
      return codes ? answer(step, 200, undefined, codes) : answer(step, 400, WRONG_SETUP_CODE);
    }
    case "regenerate": {
      if (!(await hasSecondFactor(db, user.id))) {
        return answer(step, 400, "Two-factor sign-in is not on.");
      }
      if (!code) return answer(step, 400, CODE_NEEDED);
      if (!(await spendSecondFactor(db, user, code))) return answer(step, 400, WRONG_CODE);
      return answer(step, 200, undefined, await regenerateRecoveryCodes(db, user));
    }
    case "disable": {
      if (!(await hasSecondFactor(db, user.id))) {
        return answer(step, 400, "Two-factor sign-in is not on.");
      }
      const password = String(form.get("currentPassword") ?? "");
      const proven = await reauthenticate(user, await readSession(request), password);
      if (!proven.ok) {
        return answer(
          step,
          proven.status,
          proven.status === 403 ? STALE_SIGN_IN_TWO_FACTOR : proven.message,
        );
      }
      if (!code) return answer(step, 400, CODE_NEEDED);
      if (!(await spendSecondFactor(db, user, code))) return answer(step, 400, WRONG_CODE);
      await disableTwoFactor(db, user);
      return redirectWithToast(request, SECTION, {
        title: "Two-factor sign-in is off",
        description: "Your password alone signs in now. We e-mailed you about the change.",
        variant: "success",
      });
    }
  }
}
