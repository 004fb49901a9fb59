import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import type { WebhookMessage } from "../../app/webhooks/emit.server";
import { deliverWebhookBatch } from "../../app/webhooks/deliver.server";
import {
  openSecret,
  sealSecret,
  secretKeys,
  UnknownSecretKeyError,
} from "../../app/webhooks/secret-box.server";
import { resealWebhookSecrets } from "../../app/webhooks/secret-reseal.server";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import type { ReceivedDelivery } from "../fakes/webhook-receiver";
import { newPerson, signUp } from "./accounts";
import { appFetch, ORIGIN } from "./app";

// Issue #27, item 11d: webhook signing secrets are encrypted at rest (AES-GCM under
// WEBHOOK_ENCRYPTION_KEY). A secret stored in plain text before keeps signing, and the nightly
// job encrypts it; during a key rotation both keys open, and the job seals again under the new.

const TAB = "/dashboard?tab=integrations";
const RECEIVER = env.FAKE_WEBHOOK_RECEIVER_URL;
const SECRET = /whsec_[A-Za-z0-9+/=]+/;

async function ultimate() {
  const { cookie, response } = await signUp({ ...newPerson("sealed"), plan: "ultimate" });
  const { id } = await response.json<{ id: string }>();
  return { id, cookie };
}

function tabPost(who: { id: string; cookie: string }, fields: Record<string, string>) {
  return appFetch(TAB, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookie },
    body: new URLSearchParams({ workspace: personalWorkspaceId(who.id), ...fields }),
  });
}

async function addEndpoint(who: { id: string; cookie: string }) {
  const url = `${RECEIVER}/hook/sealed-${crypto.randomUUID().slice(0, 8)}`;
  const added = await tabPost(who, { intent: "add-endpoint", url, events: "qr_code.created" });
  expect(added.status).toBe(200);
  const secret = SECRET.exec(await added.text())![0];
  const row = await env.DB.prepare("SELECT id, secret FROM webhook_endpoints WHERE url = ?")
    .bind(url)
    .first<{ id: string; secret: string }>();
  return { url, path: new URL(url).pathname, secret, id: row!.id, stored: row!.secret };
}

/** Delivers one qr_code.created event to the endpoint through the queue's consumer. */
async function deliver(endpointId: string) {
  const body: WebhookMessage = {
    endpointId,
    eventId: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
    type: "qr_code.created",
    payload: JSON.stringify({
      type: "qr_code.created",
      timestamp: new Date().toISOString(),
      data: {},
    }),
  };
  const batch = createMessageBatch<WebhookMessage>("qr-code-creator-webhooks", [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body },
  ]);
  await deliverWebhookBatch(batch, env.DB);
  await getQueueResult(batch, createExecutionContext());
}

async function lastDelivery(path: string): Promise<ReceivedDelivery> {
  const response = await fetch(`${RECEIVER}/__control/deliveries?path=${encodeURIComponent(path)}`);
  const deliveries = await response.json<ReceivedDelivery[]>();
  return deliveries.at(-1)!;
}

const verifies = (secret: string, delivery: ReceivedDelivery) =>
  new Webhook(secret).verify(delivery.body, delivery.headers);

describe("webhook signing secrets at rest", () => {
  it("are stored encrypted; the secret shown once still signs, and Show secret opens it", async () => {
    const ada = await ultimate();
    const endpoint = await addEndpoint(ada);
    expect(endpoint.stored).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(endpoint.stored).not.toContain(endpoint.secret.slice("whsec_".length));
    await deliver(endpoint.id);
    expect(verifies(endpoint.secret, await lastDelivery(endpoint.path))).toBeTruthy();
    const shown = await tabPost(ada, { intent: "reveal-secret", endpoint: endpoint.id });
    expect(SECRET.exec(await shown.text())![0]).toBe(endpoint.secret);
  });

  it("stored in plain text before keep signing, and the nightly job encrypts them", async () => {
    const ada = await ultimate();
    const endpoint = await addEndpoint(ada);
    const plain = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ?")
      .bind(plain, endpoint.id)
      .run();
    await deliver(endpoint.id);
    expect(verifies(plain, await lastDelivery(endpoint.path))).toBeTruthy();

    const report = await resealWebhookSecrets(createDatabase(env.DB));
    expect(report.resealed).toBeGreaterThanOrEqual(1);
    const stored = await env.DB.prepare("SELECT secret FROM webhook_endpoints WHERE id = ?")
      .bind(endpoint.id)
      .first<string>("secret");
    expect(stored).toMatch(/^enc:v1:/);
    await deliver(endpoint.id);
    expect(verifies(plain, await lastDelivery(endpoint.path))).toBeTruthy();
    // A second run finds nothing left to do for it.
    expect((await resealWebhookSecrets(createDatabase(env.DB))).resealed).toBe(0);
  });

  it("rotate keys: both keys open during a rotation, and the job seals again under the new one", async () => {
    const ada = await ultimate();
    const endpoint = await addEndpoint(ada);
    const oldKey = "o".repeat(40);
    const newKey = "n".repeat(40);
    const before = await secretKeys(oldKey);
    const during = await secretKeys(newKey, oldKey);
    const after = await secretKeys(newKey);
    const secret = "whsec_c2VhbGVkIHVuZGVyIHRoZSBvbGQga2V5IG9uY2U=";
    await env.DB.prepare(
      "UPDATE webhook_endpoints SET secret = ?, previous_secret = ?, previous_secret_until = ? WHERE id = ?",
    )
      .bind(
        await sealSecret(secret, before),
        await sealSecret(secret, before),
        Date.now(),
        endpoint.id,
      )
      .run();

    await resealWebhookSecrets(createDatabase(env.DB), during);
    const row = (await env.DB.prepare(
      "SELECT secret, previous_secret FROM webhook_endpoints WHERE id = ?",
    )
      .bind(endpoint.id)
      .first<{ secret: string; previous_secret: string }>())!;
    expect(row.secret.startsWith(`enc:v1:${after.current.id}:`)).toBe(true);
    expect(row.previous_secret.startsWith(`enc:v1:${after.current.id}:`)).toBe(true);
    // Once resealed, the old key can go: the new one alone opens it, the old one alone does not.
    expect(await openSecret(row.secret, after)).toBe(secret);
    await expect(openSecret(row.secret, before)).rejects.toThrow(UnknownSecretKeyError);
  });
});
