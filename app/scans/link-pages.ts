// What a person scanning a tracked code reads when it leads nowhere: on this service's /s/{slug}
// (app/routes/scan.tsx) and on a customer's domain (app/domains/hosts.server.ts).

export const LINK_PAGES = {
  404: {
    title: "This QR code link does not exist",
    text: "Check that the whole code was scanned, or ask whoever shared it for a new one.",
  },
  410: {
    title: "This QR code was deleted",
    text: "Its owner deleted it, so it no longer leads anywhere. If you printed it, replace it with a new code.",
  },
} as const;
