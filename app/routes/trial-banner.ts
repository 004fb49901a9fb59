import { redirect } from "react-router";
import { requireUser } from "../auth/user.server";
import { trialBannerCookie } from "../billing/trial-banner.server";
import type { Route } from "./+types/trial-banner";

export function loader() {
  throw redirect("/");
}

/** Dismisses the trial banner for the trial (or expiry) it was about, then back home. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const value = String(user.trialEndDate?.getTime() ?? "");
  return redirect("/", {
    status: 303,
    headers: { "Set-Cookie": await trialBannerCookie(request).serialize(value) },
  });
}
