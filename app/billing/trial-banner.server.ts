import { signedCookie } from "../security/cookies.server";

/** Remembers a dismissed trial banner: the trial's end, so a later trial's banner shows again. */
export function trialBannerCookie(request: Request) {
  return signedCookie("qr_trial_banner", request, { maxAge: 60 * 60 * 24 * 60 });
}

export async function trialBannerDismissed(request: Request, trialEnd: Date | null) {
  if (!trialEnd || !request.headers.get("Cookie")?.includes("qr_trial_banner=")) return false;
  const value: unknown = await trialBannerCookie(request).parse(request.headers.get("Cookie"));
  return value === String(trialEnd.getTime());
}
