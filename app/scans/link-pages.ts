// What a person scanning a tracked code reads when it leads nowhere: on this service's /s/{slug}
// (app/routes/scan.tsx) and on a customer's domain (app/domains/hosts.server.ts).

export const LINK_PAGES = {
  // A link staff stopped for now (its workspace is suspended, issue #31). 403, not 410: the link
  // is not gone and comes back when the suspension is lifted, so link checkers and crawlers must
  // not drop it; not a 5xx: nothing failed, and the health page's 5xx rate must not count it.
  // Sent with no-store, so that no cache keeps the refusal after the lift.
  403: {
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
} as const;
