import { z } from "../validation/zod";
import { WEBHOOK_EVENTS } from "../webhooks/events";
import { URL_MAX_LENGTH } from "../webhooks/url";

// Webhook subscriptions through the API (issue #19): REST hooks as Zapier uses them, a POST to
// subscribe and a DELETE to unsubscribe. The same checks as the Integrations tab.

export const createWebhookSchema = z
  .object({
    url: z
      .string({ error: "Send the address to deliver events to as `url`." })
      .min(1, "Send the address to deliver events to as `url`.")
      .max(URL_MAX_LENGTH, `Use an address of at most ${URL_MAX_LENGTH} characters.`)
      .meta({
        description:
          "Where events are POSTed: an https address on the internet, on the standard port.",
        example: "https://hooks.zapier.com/hooks/standard/123/abc/",
      }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: `Choose events from: ${WEBHOOK_EVENTS.join(", ")}.` }))
      .min(1, "Choose at least one event.")
      .meta({ description: "The events to send.", example: ["qr_code.scanned"] }),
  })
  .meta({ id: "WebhookRequest" });

export const webhookSchema = z
  .object({
    id: z.string().meta({ example: "we_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c" }),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    secret: z.string().meta({
      description:
        "The Standard Webhooks signing secret (`whsec_…`): verify each delivery's webhook-signature with it.",
    }),
  })
  .meta({ id: "Webhook" });

export const webhookIdParams = z.object({
  id: z
    .string()
    .regex(/^we_[0-9a-f]{32}$/, "A webhook id looks like we_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c.")
    .meta({ description: "The endpoint's id.", example: "we_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c" }),
});
