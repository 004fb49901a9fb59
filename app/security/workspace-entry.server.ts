import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { chosenLocale, translatorFor } from "../i18n/locale.server";
import { DEFAULT_LOCALE } from "../i18n/locales";
import type { Membership } from "../models/workspaces.server";
import { hasSecondFactor } from "./two-factor.server";

// Entering a workspace that requires two-factor sign-in (issue #31): asked where the current
// workspace is resolved (app/workspaces/current.server.ts), so that every page, form and call
// of the workspace is covered. API keys do not come this way: they are not sign-ins.

/** Whether `user` must set up a second factor before entering `membership`'s workspace. */
export async function keptOutBySecondFactor(
  db: Database,
  user: UserRecord,
  membership: Membership,
): Promise<boolean> {
  return membership.workspace.requireTwoFactor && !(await hasSecondFactor(db, user.id));
}

/** Where a member kept out goes: their account's two-factor section, told why in its language. */
export function secondFactorRequiredRedirect(
  request: Request,
  user: UserRecord,
  refused: Membership,
) {
  const t = translatorFor(chosenLocale(request, user) ?? DEFAULT_LOCALE);
  return redirectWithToast(request, "/account#two-factor", {
    title: t("account.twoFactor.required"),
    description: t("account.twoFactor.required.text", { workspace: refused.label }),
    variant: "error",
  });
}
