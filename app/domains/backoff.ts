// When a pending custom domain is checked next (issue #18): 10 minutes after adding it, then
// twice as long after each check, never more than a day.

const MINUTE_MS = 60 * 1000;
const FIRST_CHECK_MS = 10 * MINUTE_MS;
const LONGEST_WAIT_MS = 24 * 60 * MINUTE_MS;

export function nextCheckAfter(checks: number, now: Date): Date {
  return new Date(now.getTime() + Math.min(FIRST_CHECK_MS * 2 ** checks, LONGEST_WAIT_MS));
}
