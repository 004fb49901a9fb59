import { EVENT_DESCRIPTIONS, RETRY_DELAYS_S, TEST_EVENT, WEBHOOK_EVENTS } from "./events";

// What the API reference says about webhooks (issue #19), pure: the events with an example
// payload each, and the two ways to verify a delivery.

const EXAMPLE_DATA: Record<(typeof WEBHOOK_EVENTS)[number], Record<string, unknown>> = {
  "qr_code.created": {
    id: 42,
    title: "Menu, table 12",
    type: "url",
    trackScans: true,
    createdBy: "ada@example.com",
  },
  "qr_code.updated": {
    id: 42,
    title: "Menu, terrace",
    changes: ["destination"],
    destination: {
      from: "https://example.com/summer-menu",
      to: "https://example.com/winter-menu",
      kind: "edit",
    },
  },
  "qr_code.deleted": { id: 42, title: "Menu, terrace" },
  "qr_code.scanned": {
    id: 42,
    title: "Menu, table 12",
    scannedAt: "2026-11-24T18:03:11.000Z",
    country: "FR",
    city: "Lyon",
    device: "mobile",
  },
  "qr_code.downloaded": { id: 42, title: "Menu, table 12", format: "png" },
  "bulk_job.completed": {
    id: "0b7c9a5e-3f1d-4d2a-9c1e-5a8b7f6e4d3c",
    fileName: "tables.csv",
    rows: 120,
    made: 119,
    failed: 1,
    savedCodes: 119,
  },
  "member.joined": {
    workspaceId: "ws_…",
    userId: "…",
    email: "grace@example.com",
    role: "editor",
  },
};

export const WEBHOOK_EVENT_DOCS = [
  ...WEBHOOK_EVENTS.map((type) => ({
    type,
    description: EVENT_DESCRIPTIONS[type],
    example: JSON.stringify(
      { type, timestamp: "2026-11-24T18:03:11.000Z", data: EXAMPLE_DATA[type] },
      null,
      2,
    ),
  })),
  {
    type: TEST_EVENT,
    description: "“Send test event” on the Integrations tab (sent to that endpoint only)",
    example: JSON.stringify(
      {
        type: TEST_EVENT,
        timestamp: "2026-11-24T18:03:11.000Z",
        data: { message: "This is a test event from QR Code Creator.", endpointId: "we_…" },
      },
      null,
      2,
    ),
  },
];

/** "5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h". */
export function retryScheduleWords(): string {
  const words = RETRY_DELAYS_S.map((s) =>
    s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`,
  );
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

export const VERIFY_WITH_LIBRARY = `// npm install standardwebhooks
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.QR_WEBHOOK_SECRET); // "whsec_…"

// In your handler: the raw body as received (not parsed and re-serialised) and the headers.
const event = wh.verify(rawBody, {
  "webhook-id": request.headers["webhook-id"],
  "webhook-timestamp": request.headers["webhook-timestamp"],
  "webhook-signature": request.headers["webhook-signature"],
}); // throws when the signature or the timestamp (±5 minutes) is wrong
console.log(event.type, event.data);`;

export const VERIFY_BY_HAND = `import { createHmac, timingSafeEqual } from "node:crypto";

function verify(secret, headers, rawBody) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  // 1. Refuse old or future deliveries (replays): allow 5 minutes either way.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  // 2. The key is the secret's part after "whsec_", base64-decoded.
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  // 3. Sign "{id}.{timestamp}.{body}" with HMAC-SHA256 and encode it in base64.
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  // 4. The header lists "v1,<base64>" signatures separated by spaces (two during a rotation):
  //    accept the delivery when any one matches, compared in constant time.
  return headers["webhook-signature"].split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;
