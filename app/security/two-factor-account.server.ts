import { data } from "react-router";
import type { AccountActionData } from "../accounts/page-data";
import { reauthenticate } from "../accounts/reauthentication.server";
import { redirectWithToast } from "../auth/flash.server";
import { readSession } from "../auth/session.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import type { Translate } from "../i18n/locale.server";
import { type Phrased, say } from "../i18n/phrase";
import { limited, TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import {
  CODE_NEEDED,
  STALE_SIGN_IN_TWO_FACTOR,
  TWO_FACTOR_NOT_ON,
  UNKNOWN_STEP,
  WRONG_CODE,
  WRONG_SETUP_CODE,
} from "./refusals";
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
  t: Translate,
) {
  const refuse = (step: TwoFactorStep, status: number, said: Phrased) =>
    answer(step, status, say(t, said));
  const step = form.get("step");
  if (!isStep(step)) return refuse("start", 400, UNKNOWN_STEP);
  const code = String(form.get("code") ?? "").trim();
  // Codes are guessed at here too by whoever holds a session: counted per account.
  if (step !== "start" && step !== "cancel" && (await limited(`two-factor:account:${user.id}`))) {
    return answer(step, 429, TOO_MANY_ATTEMPTS);
  }
  switch (step) {
    case "start":
      await startSetup(db, user);
      return redirectWithToast(request, SECTION, {
        title: t("account.twoFactor.toast.started"),
        description: t("account.twoFactor.toast.started.text"),
        variant: "success",
      });
    case "cancel":
      await cancelSetup(db, user.id);
      return redirectWithToast(request, SECTION, {
        title: t("account.twoFactor.toast.cancelled"),
        description: t("account.twoFactor.toast.cancelled.text"),
        variant: "success",
      });
    case "confirm": {
      if (!code) return refuse(step, 400, CODE_NEEDED);
      const codes = await confirmSetup(db, user, code);
      return codes ? answer(step, 200, undefined, codes) : refuse(step, 400, WRONG_SETUP_CODE);
    }
    case "regenerate": {
      if (!(await hasSecondFactor(db, user.id))) {
        return refuse(step, 400, TWO_FACTOR_NOT_ON);
      }
      if (!code) return refuse(step, 400, CODE_NEEDED);
      if (!(await spendSecondFactor(db, user, code))) return refuse(step, 400, WRONG_CODE);
      return answer(step, 200, undefined, await regenerateRecoveryCodes(db, user));
    }
    case "disable": {
      if (!(await hasSecondFactor(db, user.id))) {
        return refuse(step, 400, TWO_FACTOR_NOT_ON);
      }
      const password = String(form.get("currentPassword") ?? "");
      const proven = await reauthenticate(user, await readSession(request), password);
      if (!proven.ok) {
        // The password's refusals are the shared schema's words, which the page translates.
        return proven.status === 403
          ? refuse(step, proven.status, STALE_SIGN_IN_TWO_FACTOR)
          : answer(step, proven.status, proven.message);
      }
      if (!code) return refuse(step, 400, CODE_NEEDED);
      if (!(await spendSecondFactor(db, user, code))) return refuse(step, 400, WRONG_CODE);
      await disableTwoFactor(db, user);
      return redirectWithToast(request, SECTION, {
        title: t("account.twoFactor.toast.off"),
        description: t("account.twoFactor.toast.off.text"),
        variant: "success",
      });
    }
  }
}
