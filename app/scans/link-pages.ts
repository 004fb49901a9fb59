// What a person scanning a tracked code reads when it leads nowhere: on this service's /s/{slug}
// (app/routes/scan.tsx) and on a customer's domain (app/domains/hosts.server.ts). A disabled link
// answers 410 too: the link is gone for whoever scans it. Not 451, which would claim a legal
// demand, where most takedowns are for phishing or malware under our own terms.

export const LINK_PAGES = {
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
