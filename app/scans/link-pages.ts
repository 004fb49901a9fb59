// What a person scanning a tracked code reads when it leads nowhere: on this service's /s/{slug}
// (app/routes/scan.tsx) and on a customer's domain (app/domains/hosts.server.ts). A disabled link
// answers 410 too: the link is gone for whoever scans it. Not 451, which would claim a legal
// demand, where most takedowns are for phishing or malware under our own terms.

// Each page's title and text are message ids of the "scan" namespace (issue #32).
export const LINK_PAGES = {
  // A link staff stopped for now (its workspace is suspended, issue #31). 403, not 410: the link
  // is not gone and comes back when the suspension is lifted, so link checkers and crawlers must
  // not drop it; not a 5xx: nothing failed, and the health page's 5xx rate must not count it.
  // Sent with no-store, so that no cache keeps the refusal after the lift.
  unavailable: { title: "scan.unavailable.title", text: "scan.unavailable.text" },
  404: { title: "scan.notFound.title", text: "scan.notFound.text" },
  410: { title: "scan.deleted.title", text: "scan.deleted.text" },
  /** Staff took the link down (issue #31): plain, without the workspace's brand. */
  disabled: { title: "scan.disabled.title", text: "scan.disabled.text" },
} as const;

export type LinkPage = keyof typeof LINK_PAGES;

/** The HTTP status each page is sent with. */
export function linkPageStatus(page: LinkPage): 403 | 404 | 410 {
  return page === "unavailable" ? 403 : page === "disabled" ? 410 : page;
}
