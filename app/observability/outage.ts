// Errors that mean a storage service (D1, KV, R2) is not answering right now, as opposed to a
// bug: worth "try again in a minute" and a 503, not a 500. Matched on the messages Cloudflare's
// bindings give, through any wrapping (drizzle puts the binding's error in `cause`).

const OUTAGE =
  /network connection lost|overloaded|temporarily unavailable|internal error|too many requests queued|timed out|connection reset|service unavailable/i;

export function isStorageOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof Error) {
      if (OUTAGE.test(current.message)) return true;
      current = current.cause;
    } else {
      return typeof current === "string" && OUTAGE.test(current);
    }
  }
  return false;
}
