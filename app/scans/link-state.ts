import type { TrackedTarget } from "../models/qr-codes.server";
import type { LinkPage } from "./link-pages";

// Why a tracked link that exists (its code not deleted) leads nowhere now. The one question every
// way of answering a scan asks before it redirects: the fast path (links.server.ts, whose edge
// copy holds only links that may redirect), the /s/{slug} route and customers' hostnames.

export type LinkStop = "disabled" | "suspended";

/**
 * The reason this link must not redirect, or null while it may: staff disabled the link itself
 * (for good, until they enable it), or suspended its workspace (for now, until it is lifted).
 */
export function linkStop(
  link: Pick<TrackedTarget, "disabledAt" | "workspaceSuspendedAt">,
): LinkStop | null {
  if (link.disabledAt) return "disabled";
  return link.workspaceSuspendedAt ? "suspended" : null;
}

/** The page a scanner of a stopped link reads. */
export function stopPage(stop: LinkStop): Extract<LinkPage, "disabled" | "unavailable"> {
  return stop === "disabled" ? "disabled" : "unavailable";
}
