// A workspace's session-length limit (issue #31, Ultimate): a member who signed in longer ago than
// the limit must sign in again before entering the workspace. Pure: the choices the settings
// form offers, their words, and the rule itself.

export const SESSION_LIMITS = [
  { value: "none", seconds: null, label: "No limit" },
  { value: "1h", seconds: 60 * 60, label: "1 hour" },
  { value: "8h", seconds: 8 * 60 * 60, label: "8 hours" },
  { value: "24h", seconds: 24 * 60 * 60, label: "24 hours" },
  { value: "7d", seconds: 7 * 24 * 60 * 60, label: "7 days" },
] as const;

export type SessionLimitValue = (typeof SESSION_LIMITS)[number]["value"];

/** The plan a workspace needs to set a limit (removing one is always allowed). */
export const SESSION_LIMIT_PLAN = "ultimate";

export function sessionLimitOption(value: unknown) {
  return SESSION_LIMITS.find((option) => option.value === value) ?? null;
}

/** "8 hours"; a stored value the form no longer offers still reads sensibly. */
export function sessionLimitLabel(seconds: number | null): string {
  if (seconds === null) return "No limit";
  const known = SESSION_LIMITS.find((option) => option.seconds === seconds);
  if (known) return known.label;
  const hours = Math.round(seconds / 3600);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** True when a sign-in at `signedInAt` (ms) is too old to enter under `limitSeconds`. */
export function signInTooOld(signedInAt: number, limitSeconds: number | null, now: number) {
  return limitSeconds !== null && now - signedInAt > limitSeconds * 1000;
}
