import type { TrackedTarget } from "../models/qr-codes.server";

// Why a tracked link that exists (its code not deleted) leads nowhere now. The one question every
// way of answering a scan asks before it redirects: the fast path (links.server.ts, whose edge
// copy holds only links that may redirect), the /s/{slug} route and customers' hostnames.

export type LinkStop = "disabled";

/** The reason this link must not redirect, or null while it may. */
export function linkStop(link: Pick<TrackedTarget, "disabledAt">): LinkStop | null {
  return link.disabledAt ? "disabled" : null;
}
