// What a person scanning a tracked code reads when it leads nowhere: on this service's /s/{slug}
// (app/routes/scan.tsx) and on a customer's domain (app/domains/hosts.server.ts). A disabled link
// answers 410 too: the link is gone for whoever scans it. Not 451, which would claim a legal
// demand, where most takedowns are for phishing or malware under our own terms.

export const LINK_PAGES = {
  // A link staff stopped for now (its workspace is suspended, issue #31). 403, not 410: the link
  // is not gone and comes back when the suspension is lifted, so link checkers and crawlers must
  // not drop it; not a 5xx: nothing failed, and the health page's 5xx rate must not count it.
  // Sent with no-store, so that no cache keeps the refusal after the lift.
  unavailable: {
    title: "This link is unavailable",
    text: "The QR code's owner cannot use this link for now. Please try again later.",
  },
  404: {
    title: "This QR code link does not exist",
    text: "Check that the whole code was scanned, or ask whoever shared it for a new one.",
  },
  410: {
    title: "This QR code was deleted",
    text: "Its owner deleted it, so it no longer leads anywhere. If you printed it, replace it with a new code.",
  },
  /** Staff took the link down (issue #31): plain, without the workspace's brand. */
  disabled: {
    title: "This link was disabled",
    text: "Our team disabled this QR code's link because it was reported as abusive. It no longer leads anywhere.",
  },
} as const;

export type LinkPage = keyof typeof LINK_PAGES;

/** The HTTP status each page is sent with. */
export function linkPageStatus(page: LinkPage): 403 | 404 | 410 {
  return page === "unavailable" ? 403 : page === "disabled" ? 410 : page;
}
