import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { recentDeliveries } from "../../app/models/webhooks.server";
import { purgeOldDeliveries } from "../../app/webhooks/cleanup.server";
import type { WebhookMessage } from "../../app/webhooks/emit.server";
import { deliverWebhookBatch, recordDeadWebhooks } from "../../app/webhooks/deliver.server";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import type { ReceivedDelivery } from "../fakes/webhook-receiver";
import { textOf } from "../support/html";
import { api, call, makeKey } from "./api-client";
import { newPerson, signUp } from "./accounts";
import { appFetch } from "./app";
import { saveTracked } from "./domains";
import { landOn, pageText, postForm } from "./forms";
import { latestMail, linkFrom, outbox } from "./mail";
import { cookieFrom } from "./accounts";

// Outgoing webhooks (issue #19) as a customer meets them: endpoints added on the Integrations tab
// without JavaScript or through the API, deliveries to a receiver on loopback
// (tests/fakes/webhook-receiver.ts) verified with the standardwebhooks package, retries, the
// dead letter, disabling, and the addresses refused.

const TAB = "/dashboard?tab=integrations";
const RECEIVER = env.FAKE_WEBHOOK_RECEIVER_URL;
const WAIT = { timeout: 15_000, interval: 100 };

interface Person {
  id: string;
  email: string;
  cookie: string;
}

async function person(plan: "free" | "premium" | "ultimate" = "ultimate"): Promise<Person> {
  const details = newPerson("hooks");
  const { cookie, response } = await signUp({ ...details, plan });
  const { id } = await response.json<{ id: string }>();
  return { id, email: details.email, cookie };
}

function tabPost(who: Person, fields: Record<string, string | string[]>) {
  const form: Record<string, string> = { workspace: personalWorkspaceId(who.id) };
  const events: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === "events") events.push(...(Array.isArray(value) ? value : [value]));
    else form[name] = value as string;
  }
  if (events.length === 0) return postForm(TAB, form, who.cookie);
  const body = new URLSearchParams(form);
  for (const event of events) body.append("events", event);
  return appFetch(TAB, {
    method: "POST",
    headers: { Origin: "https://qr.example.com", Cookie: who.cookie },
    body,
  });
}

/** A hook path on the receiver that no other test uses, e.g. /hook/fail-1a2b3c4d. */
const hookPath = (kind = "ok") => `/hook/${kind}-${crypto.randomUUID().slice(0, 8)}`;

async function addEndpoint(
  who: Person,
  url: string,
  events: string[] = ["qr_code.created", "qr_code.scanned"],
) {
  const response = await tabPost(who, { intent: "add-endpoint", url, events });
  const html = await response.text();
  return { response, text: textOf(html), secret: secretIn(html) };
}

/** The secret shown in a page's secret field (not in its text: it is a read-only input). */
function secretIn(html: string): string | null {
  return /whsec_[A-Za-z0-9+/=]+/.exec(html)?.[0] ?? null;
}

async function endpointIdOf(url: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM webhook_endpoints WHERE url = ?")
    .bind(url)
    .first<{ id: string }>();
  return row!.id;
}

async function deliveriesTo(path: string): Promise<ReceivedDelivery[]> {
  const response = await fetch(`${RECEIVER}/__control/deliveries?path=${encodeURIComponent(path)}`);
  return response.json<ReceivedDelivery[]>();
}

function verified(secret: string, delivery: ReceivedDelivery) {
  return new Webhook(secret).verify(delivery.body, delivery.headers) as {
    type: string;
    data: Record<string, unknown>;
  };
}

/** Runs the webhook queue's consumer on messages delivered for the `attempt`th time. */
async function consume(
  messages: WebhookMessage[],
  attempt = 1,
  queue = "qr-code-creator-webhooks",
) {
  const batch = createMessageBatch<WebhookMessage>(
    queue,
    messages.map((body) => ({
      id: crypto.randomUUID(),
      timestamp: new Date(),
      attempts: attempt,
      body,
    })),
  );
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    if (queue.endsWith("-dlq")) await recordDeadWebhooks(batch, env.DB);
    else await deliverWebhookBatch(batch, env.DB);
    const result = await getQueueResult(batch, createExecutionContext());
    // The harness records that a message was retried, not after how long: the consumer's log
    // line says.
    const delays = warn.mock.calls
      .map(([line]) => JSON.parse(String(line)) as { event: string; delaySeconds: number | null })
      .filter((line) => line.event === "webhook_retry")
      .map((line) => line.delaySeconds);
    return { ...result, delays };
  } finally {
    warn.mockRestore();
    error.mockRestore();
  }
}

function message(endpointId: string, eventId = `msg_${crypto.randomUUID().replaceAll("-", "")}`) {
  return {
    endpointId,
    eventId,
    type: "qr_code.created" as const,
    payload: JSON.stringify({
      type: "qr_code.created",
      timestamp: new Date().toISOString(),
      data: { id: 1, title: "Menu" },
    }),
  };
}

describe("the Integrations tab", () => {
  it("shows Free and Premium workspaces what webhooks are and where to upgrade", async () => {
    for (const plan of ["free", "premium"] as const) {
      const who = await person(plan);
      const text = await pageText(TAB, who.cookie);
      expect(text).toContain("Webhooks (custom integrations) are part of the Ultimate plan");
      expect(text).toContain("Upgrade to Ultimate");
      expect(text).not.toContain("Add an endpoint");
      const refused = await addEndpoint(who, `${RECEIVER}${hookPath()}`);
      expect(refused.response.status).toBe(403);
      expect(refused.text).toContain("Webhooks are part of the Ultimate plan");
    }
  });

  it("adds an endpoint, shows its secret, and a test event arrives signed (verified by standardwebhooks)", async () => {
    const ada = await person();
    const path = hookPath();
    const added = await addEndpoint(ada, `${RECEIVER}${path}`);
    expect(added.response.status).toBe(200);
    expect(added.text).toContain("Endpoint added: its signing secret");
    expect(added.secret).toMatch(/^whsec_/);
    // The secret is not in the tab's page until asked for.
    const tab = await pageText(TAB, ada.cookie);
    expect(tab).toContain(`${RECEIVER}${path}`);
    expect(
      secretIn(await (await appFetch(TAB, { headers: { Cookie: ada.cookie } })).text()),
    ).toBeNull();

    const id = await endpointIdOf(`${RECEIVER}${path}`);
    const sent = await tabPost(ada, { intent: "test-endpoint", endpoint: id });
    expect(sent.status).toBe(303);
    expect(await landOn(sent, ada.cookie)).toContain("Test event sent");
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(1), WAIT);
    const [delivery] = await deliveriesTo(path);
    expect(delivery!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const event = verified(added.secret!, delivery!);
    expect(event.type).toBe("webhook.test");
    // Another secret does not verify it.
    expect(() => verified("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", delivery!)).toThrow();

    // The delivery log says what happened; "Show secret" shows the same secret again.
    await vi.waitFor(
      async () =>
        expect(await pageText(TAB, ada.cookie)).toContain(
          "webhook.test · attempt 1 · Delivered · 200",
        ),
      WAIT,
    );
    const shown = await tabPost(ada, { intent: "reveal-secret", endpoint: id });
    expect(secretIn(await shown.text())).toBe(added.secret);

    // "Resend" sends the same event again, with the same webhook-id.
    const row = await env.DB.prepare("SELECT id FROM webhook_deliveries WHERE endpoint_id = ?")
      .bind(id)
      .first<{ id: number }>();
    const resent = await tabPost(ada, {
      intent: "resend-delivery",
      endpoint: id,
      delivery: String(row!.id),
    });
    expect(resent.status).toBe(303);
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(2), WAIT);
    const [first, again] = await deliveriesTo(path);
    expect(again!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(verified(added.secret!, again!).type).toBe("webhook.test");
  });

  it("refuses a delivery or endpoint field that is no id with a 400 or 404, never a 5xx", async () => {
    const ada = await person();
    const path = hookPath();
    await addEndpoint(ada, `${RECEIVER}${path}`);
    const id = await endpointIdOf(`${RECEIVER}${path}`);
    for (const delivery of ["abc", "1e400", "Infinity", "-1", "0", "1.5", "9007199254740993", ""]) {
      const response = await tabPost(ada, { intent: "resend-delivery", endpoint: id, delivery });
      expect(response.status, delivery).toBe(400);
      expect(textOf(await response.text()), delivery).toContain(
        "Choose a delivery from the endpoint's log.",
      );
    }
    // A well-formed id of no logged delivery is not found.
    const unknown = await tabPost(ada, {
      intent: "resend-delivery",
      endpoint: id,
      delivery: "123456789",
    });
    expect(unknown.status).toBe(404);
    for (const intent of [
      "resend-delivery",
      "test-endpoint",
      "enable-endpoint",
      "remove-endpoint",
    ]) {
      for (const endpoint of ["", "nope", `${id}x`, "we_" + "0".repeat(32)]) {
        const response = await tabPost(ada, { intent, endpoint, delivery: "1" });
        expect(response.status, `${intent} ${endpoint}`).toBe(404);
        expect(textOf(await response.text())).toContain("There is no such endpoint");
      }
    }
    expect(await deliveriesTo(path)).toEqual([]);
  });

  it("signs with both secrets for 24 hours after a rotation", async () => {
    const ada = await person();
    const path = hookPath();
    const { secret: old } = await addEndpoint(ada, `${RECEIVER}${path}`);
    const id = await endpointIdOf(`${RECEIVER}${path}`);
    expect((await tabPost(ada, { intent: "rotate-secret", endpoint: id })).status).toBe(303);
    const shown = await tabPost(ada, { intent: "reveal-secret", endpoint: id });
    const current = secretIn(await shown.text())!;
    expect(current).not.toBe(old);
    await tabPost(ada, { intent: "test-endpoint", endpoint: id });
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(1), WAIT);
    const [delivery] = await deliveriesTo(path);
    expect(delivery!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verified(current, delivery!).type).toBe("webhook.test");
    expect(verified(old!, delivery!).type).toBe("webhook.test");
  });

  it("refuses addresses inside networks, of this service, with credentials or without https", async () => {
    const ada = await person();
    for (const [url, words] of [
      ["http://example.com/hook", "must start with https://"],
      ["https://10.0.0.8/hook", "public addresses"],
      ["https://192.168.1.1/hook", "public addresses"],
      ["https://169.254.169.254/latest/meta-data", "public addresses"],
      ["https://metadata.google.internal/computeMetadata", "public addresses"],
      ["https://167772161/hook", "public addresses"], // 10.0.0.1 in decimal
      ["https://0xa.0.0.1/hook", "public addresses"],
      ["https://[::1]/hook", "public addresses"],
      ["https://[::ffff:10.0.0.1]/hook", "public addresses"],
      ["https://[fd00::1]/hook", "public addresses"],
      ["https://printer.local/hook", "public addresses"],
      ["https://user:secret@example.com/hook", "Leave user names and passwords out"],
      ["https://qr.example.com/api/hook", "cannot be sent to this service itself"],
      ["https://qr-code-creator.someone.workers.dev/hook", "cannot be sent to this service itself"],
      ["not an address", "Enter a full address"],
    ] as const) {
      const { response, text } = await addEndpoint(ada, url);
      expect(response.status, url).toBe(400);
      expect(text, url).toContain(words);
    }
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM webhook_endpoints WHERE workspace_id = ?")
        .bind(personalWorkspaceId(ada.id))
        .first<number>("n"),
    ).toBe(0);
  });
});

describe("events", () => {
  it("a scan of a tracked code is redirected at once and arrives later as qr_code.scanned", async () => {
    const ada = await person();
    // A receiver that never answers: the redirect must not wait for it.
    const path = hookPath("slow");
    const { secret } = await addEndpoint(ada, `${RECEIVER}${path}`, ["qr_code.scanned"]);
    const { code } = await saveTracked(
      { id: ada.id, cookie: ada.cookie },
      "https://example.com/menu-webhooks",
    );
    const started = Date.now();
    const scan = await appFetch(`/s/${code!.slug}`);
    const tookMs = Date.now() - started;
    expect(scan.status).toBe(302);
    expect(scan.headers.get("Location")).toBe("https://example.com/menu-webhooks");
    expect(tookMs).toBeLessThan(3000);
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(1), WAIT);
    const [delivery] = await deliveriesTo(path);
    expect(delivery!.at).toBeGreaterThan(started);
    const event = verified(secret!, delivery!);
    expect(event.type).toBe("qr_code.scanned");
    expect(event.data).toMatchObject({
      id: code!.id,
      title: "Code for https://example.com/menu-webhooks",
    });
  });

  it("codes saved, renamed and deleted through the API arrive as qr_code.* events; unsubscribed ones do not", async () => {
    const ada = await person();
    const path = hookPath();
    const { secret } = await addEndpoint(ada, `${RECEIVER}${path}`, [
      "qr_code.created",
      "qr_code.updated",
      "qr_code.deleted",
    ]);
    const key = await makeKey({ id: ada.id, email: ada.email, cookies: ada.cookie });
    const created = await call(key, "POST", "/qr-codes", {
      type: "url",
      data: { url: "https://example.com/hooks" },
      title: "Hooked",
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    expect((await call(key, "PATCH", `/qr-codes/${id}`, { title: "Renamed" })).status).toBe(200);
    // Not subscribed: downloads send nothing.
    expect((await call(key, "GET", `/qr-codes/${id}/image?format=png`)).status).toBe(200);
    expect((await call(key, "DELETE", `/qr-codes/${id}`)).status).toBe(204);
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(3), WAIT);
    const events = (await deliveriesTo(path)).map((delivery) => verified(secret!, delivery));
    expect(events.map((event) => event.type).sort()).toEqual([
      "qr_code.created",
      "qr_code.deleted",
      "qr_code.updated",
    ]);
    expect(events.find((event) => event.type === "qr_code.updated")!.data).toMatchObject({
      id,
      title: "Renamed",
    });
  });
  it("a tracked code's new destination arrives as qr_code.updated with the old and new address", async () => {
    const ada = await person();
    const path = hookPath();
    const { secret } = await addEndpoint(ada, `${RECEIVER}${path}`, ["qr_code.updated"]);
    const key = await makeKey({ id: ada.id, email: ada.email, cookies: ada.cookie });
    const created = await call(key, "POST", "/qr-codes", {
      type: "url",
      data: { url: "https://example.com/menu" },
      title: "Menu",
      trackScans: true,
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const changed = await call(key, "PATCH", `/qr-codes/${id}`, {
      destination: "https://example.com/winter-menu",
    });
    expect(changed.status).toBe(200);
    // A refused change (a loop back to a short link) changes nothing and tells nobody.
    const slug = await env.DB.prepare("SELECT slug FROM tracked_links WHERE qr_code_id = ?")
      .bind(id)
      .first<{ slug: string }>();
    const loop = await call(key, "PATCH", `/qr-codes/${id}`, {
      destination: `https://qr.example.com/s/${slug!.slug}`,
    });
    expect(loop.status).toBe(400);
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(1), WAIT);
    const [event] = (await deliveriesTo(path)).map((delivery) => verified(secret!, delivery));
    expect(event).toMatchObject({
      type: "qr_code.updated",
      data: {
        id,
        title: "Menu",
        changes: ["destination"],
        destination: {
          from: "https://example.com/menu",
          to: "https://example.com/winter-menu",
          kind: "api",
        },
      },
    });
  });
});

describe("downloads and batches", () => {
  it("a saved code's download arrives as qr_code.downloaded, a finished batch as bulk_job.completed", async () => {
    const ada = await person();
    const path = hookPath();
    const { secret } = await addEndpoint(ada, `${RECEIVER}${path}`, [
      "qr_code.downloaded",
      "bulk_job.completed",
    ]);
    const key = await makeKey({ id: ada.id, email: ada.email, cookies: ada.cookie });
    const batch = await call(key, "POST", "/bulk-jobs", {
      rows: [
        { url: "https://example.com/a", title: "A" },
        { url: "https://example.com/b", title: "B" },
      ],
      format: "png",
      save: true,
    });
    expect(batch.status).toBe(201);
    const codeId = await env.DB.prepare("SELECT id FROM qr_codes WHERE bulk_job_id = ? LIMIT 1")
      .bind(batch.json.id)
      .first<number>("id");
    const download = await appFetch(`/api/qr-codes/${codeId}/download?format=png`, {
      headers: { Cookie: ada.cookie },
    });
    expect(download.status).toBe(200);
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(2), WAIT);
    const events = (await deliveriesTo(path)).map((delivery) => verified(secret!, delivery));
    expect(events.find((event) => event.type === "bulk_job.completed")?.data).toMatchObject({
      id: batch.json.id,
      rows: 2,
      made: 2,
      savedCodes: 2,
    });
    expect(events.find((event) => event.type === "qr_code.downloaded")?.data).toMatchObject({
      id: codeId,
      format: "png",
    });
  });
});

describe("downloads do not wait for webhooks", () => {
  it("the site's and the API's downloads answer while qr_code.downloaded is still being queued", async () => {
    const ada = await person();
    const path = hookPath();
    const { secret } = await addEndpoint(ada, `${RECEIVER}${path}`, ["qr_code.downloaded"]);
    const key = await makeKey({ id: ada.id, email: ada.email, cookies: ada.cookie });
    const created = await call(key, "POST", "/qr-codes", {
      type: "url",
      data: { url: "https://example.com/fast" },
      title: "Fast",
    });
    const id = created.json.id as number;

    // The webhook queue holds every send until released: a download that waited for it would
    // not answer.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = env.WEBHOOK_QUEUE;
    const sendBatch = queue.sendBatch.bind(queue);
    const spy = vi.spyOn(queue, "sendBatch").mockImplementation(async (...args) => {
      await held;
      return sendBatch(...args);
    });
    const answered = (response: Promise<Response>) =>
      Promise.race([
        response.then((answer) => answer.status),
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 3000)),
      ]);
    try {
      expect(
        await answered(
          appFetch(`/api/qr-codes/${id}/download?format=png`, { headers: { Cookie: ada.cookie } }),
        ),
      ).toBe(200);
      expect(await answered(api(key, "GET", `/qr-codes/${id}/image?format=png`))).toBe(200);
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(2), WAIT);
    } finally {
      release();
    }
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(2), WAIT);
    spy.mockRestore();
    for (const delivery of await deliveriesTo(path)) {
      expect(verified(secret!, delivery)).toMatchObject({
        type: "qr_code.downloaded",
        data: { id, title: "Fast", format: "png" },
      });
    }
  });
});

describe("members", () => {
  it("an accepted invitation arrives as member.joined; an editor sees the role table's refusal", async () => {
    const ada = await person();
    const path = hookPath();
    const { secret } = await addEndpoint(ada, `${RECEIVER}${path}`, ["member.joined"]);
    const grace = await person("free");
    const invited = await tabPost(ada, { intent: "invite", email: grace.email, role: "editor" });
    expect(invited.status).toBe(303);
    const link = await linkFrom(grace.email, /invited you/);
    const accepted = await appFetch(link, {
      method: "POST",
      headers: { Origin: "https://qr.example.com", Cookie: grace.cookie },
    });
    expect(accepted.status).toBe(303);
    await vi.waitFor(async () => expect(await deliveriesTo(path)).toHaveLength(1), WAIT);
    const [delivery] = await deliveriesTo(path);
    expect(verified(secret!, delivery!)).toMatchObject({
      type: "member.joined",
      data: { email: grace.email, role: "editor", userId: grace.id },
    });

    // In Ada's workspace Grace is an editor: the tab refuses, and so does the server.
    const editor = `${grace.cookie}; ${cookieFrom(accepted, "qr_workspace")}`;
    const text = await pageText(TAB, editor);
    expect(text).toContain("Only the workspace's owner and admins can do this.");
    expect(text).not.toContain(`${RECEIVER}${path}`);
    const refused = await appFetch(TAB, {
      method: "POST",
      headers: { Origin: "https://qr.example.com", Cookie: editor },
      body: new URLSearchParams({
        workspace: personalWorkspaceId(ada.id),
        intent: "remove-endpoint",
        endpoint: await endpointIdOf(`${RECEIVER}${path}`),
      }),
    });
    expect(refused.status).toBe(403);
  });
});

describe("delivery failures", () => {
  it("retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the dead letter marks the event failed", async () => {
    const ada = await person();
    const path = hookPath("fail");
    await addEndpoint(ada, `${RECEIVER}${path}`);
    const id = await endpointIdOf(`${RECEIVER}${path}`);
    const event = message(id);
    const delays: (number | null)[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const result = await consume([event], attempt);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      delays.push(...result.delays);
    }
    // The 8th attempt's retry goes past max_retries (7): Cloudflare hands it to the dead letter.
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000, null]);
    expect((await deliveriesTo(path)).length).toBe(8);

    let text = await pageText(TAB, ada.cookie);
    expect(text).toContain("attempt 8 · Failed, retrying · 500");
    expect(text).toContain("8 failed deliveries in a row");
    // The log keeps the first 2 KB of what the receiver said.
    const logged = await env.DB.prepare(
      "SELECT response FROM webhook_deliveries WHERE endpoint_id = ? LIMIT 1",
    )
      .bind(id)
      .first<string>("response");
    expect(logged!.startsWith("Receiver is down.")).toBe(true);
    expect(logged!.length).toBe(2048);

    const dead = await consume([event], 1, "qr-code-creator-webhooks-dlq");
    expect(dead.explicitAcks).toHaveLength(1);
    text = await pageText(TAB, ada.cookie);
    expect(text).toContain("attempt 8 · Failed · 500");
    expect(text).not.toContain("Failed, retrying");
  });

  it("e-mails the owner at 5, 10 and 15 failures in a row and disables the endpoint at 20", async () => {
    const ada = await person();
    const path = hookPath("fail");
    await addEndpoint(ada, `${RECEIVER}${path}`);
    const id = await endpointIdOf(`${RECEIVER}${path}`);
    const failing = /^Webhook deliveries to .* are failing$/;
    for (let n = 1; n <= 4; n++) await consume([message(id)]);
    expect(await latestMail(ada.email, failing)).toBeUndefined();
    await consume([message(id)]);
    expect((await latestMail(ada.email, failing))?.text).toContain("The last 5 deliveries");
    for (let n = 6; n <= 10; n++) await consume([message(id)]);
    expect((await latestMail(ada.email, failing))?.text).toContain("The last 10 deliveries");
    for (let n = 11; n <= 19; n++) await consume([message(id)]);
    let text = await pageText(TAB, ada.cookie);
    expect(text).toContain("19 failed deliveries in a row");
    expect(text).toContain("Enabled");

    const last = await consume([message(id)]);
    expect(last.explicitAcks).toHaveLength(1);
    expect(last.retryMessages).toEqual([]);
    const disabled = await latestMail(ada.email, /was disabled$/);
    expect(disabled?.text).toContain("Its last 20 deliveries in a row failed.");
    text = await pageText(TAB, ada.cookie);
    expect(text).toContain("Disabled: Its last 20 deliveries in a row failed.");
    expect(text).toContain("Enable again");

    // A disabled endpoint gets nothing more; enabled again, it does.
    const before = (await deliveriesTo(path)).length;
    expect((await consume([message(id)])).explicitAcks).toHaveLength(1);
    expect((await deliveriesTo(path)).length).toBe(before);
    await tabPost(ada, { intent: "enable-endpoint", endpoint: id });
    await consume([message(id)]);
    expect((await deliveriesTo(path)).length).toBe(before + 1);
  });

  it("disabled by several messages of one batch at once: one e-mail, and no attempt left saying it is retrying", async () => {
    const ada = await person();
    const path = hookPath("fail");
    await addEndpoint(ada, `${RECEIVER}${path}`);
    const id = await endpointIdOf(`${RECEIVER}${path}`);
    // An event whose first attempt failed, waiting for its retry.
    const waiting = message(id);
    expect((await consume([waiting])).retryMessages).toHaveLength(1);
    // An event that failed once and then arrived: its attempts stay as they were.
    const arrived = message(id);
    for (const [attempt, outcome] of [
      [1, "retrying"],
      [2, "delivered"],
    ] as const) {
      await env.DB.prepare(
        `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, attempt, outcome, status_code, created_at)
         VALUES (?, ?, 'qr_code.created', ?, ?, ?, ?, ?)`,
      )
        .bind(
          id,
          arrived.eventId,
          arrived.payload,
          attempt,
          outcome,
          attempt === 1 ? 500 : 200,
          Date.now(),
        )
        .run();
    }
    // An attempt of 4 days ago is past every retry: the dead letter has had it, and the
    // disabling does not read that far back.
    const ancient = message(id);
    await env.DB.prepare(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, attempt, outcome, status_code, created_at)
       VALUES (?, ?, 'qr_code.created', ?, 8, 'retrying', 500, ?)`,
    )
      .bind(id, ancient.eventId, ancient.payload, Date.now() - 4 * 24 * 60 * 60 * 1000)
      .run();
    await env.DB.prepare("UPDATE webhook_endpoints SET consecutive_failures = 19 WHERE id = ?")
      .bind(id)
      .run();
    const mailsBefore = (await outbox()).filter((mail) => mail.to === ada.email).length;

    // Nine messages at once, each finding 20 or more failures in a row.
    const batch = await consume(Array.from({ length: 9 }, () => message(id)));
    expect(batch.explicitAcks).toHaveLength(9);
    const mails = (await outbox()).filter((mail) => mail.to === ada.email);
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails[0]!.subject).toMatch(/was disabled$/);

    const outcomes = async (eventId: string) =>
      (
        await env.DB.prepare(
          "SELECT outcome FROM webhook_deliveries WHERE event_id = ? ORDER BY attempt",
        )
          .bind(eventId)
          .all<{ outcome: string }>()
      ).results.map((row) => row.outcome);
    expect(await outcomes(waiting.eventId)).toEqual(["failed"]);
    expect(await outcomes(arrived.eventId)).toEqual(["retrying", "delivered"]);
    expect(await outcomes(ancient.eventId)).toEqual(["retrying"]);
    const text = await pageText(TAB, ada.cookie);
    expect(text).toContain("Disabled: Its last 20 deliveries in a row failed.");
    expect(text).toContain("attempt 1 · Failed · 500");

    // A retry logged "retrying" just after the endpoint was disabled is acked and marked failed.
    const late = message(id);
    await env.DB.prepare(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, attempt, outcome, status_code, created_at)
       VALUES (?, ?, 'qr_code.created', ?, 1, 'retrying', 500, ?)`,
    )
      .bind(id, late.eventId, late.payload, Date.now())
      .run();
    const before = (await deliveriesTo(path)).length;
    expect((await consume([late], 2)).explicitAcks).toHaveLength(1);
    expect((await deliveriesTo(path)).length).toBe(before);
    expect(await outcomes(late.eventId)).toEqual(["failed"]);
  });

  it("disables an endpoint that answers 410 Gone at once, and treats a redirect as a failure", async () => {
    const ada = await person();
    const gone = hookPath("gone");
    await addEndpoint(ada, `${RECEIVER}${gone}`);
    const result = await consume([message(await endpointIdOf(`${RECEIVER}${gone}`))]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await pageText(TAB, ada.cookie)).toContain("Disabled: It answered 410 Gone");
    expect((await latestMail(ada.email, /was disabled$/))?.text).toContain("410 Gone");

    const moved = hookPath("redirect");
    await addEndpoint(ada, `${RECEIVER}${moved}`);
    const redirected = await consume([message(await endpointIdOf(`${RECEIVER}${moved}`))]);
    expect(redirected.retryMessages).toHaveLength(1);
    expect(await pageText(TAB, ada.cookie)).toContain("Redirects are not followed");
  });

  it("sends nothing to a workspace no longer on Ultimate, and keeps its endpoints", async () => {
    const ada = await person();
    const path = hookPath();
    await addEndpoint(ada, `${RECEIVER}${path}`);
    const id = await endpointIdOf(`${RECEIVER}${path}`);
    await env.DB.prepare("UPDATE users SET subscription_plan = 'free' WHERE id = ?")
      .bind(ada.id)
      .run();
    expect((await consume([message(id)])).explicitAcks).toHaveLength(1);
    expect(await deliveriesTo(path)).toEqual([]);
    const text = await pageText(TAB, ada.cookie);
    expect(text).toContain("Its endpoints are kept, and get events again after an upgrade.");
    expect(text).toContain(`${RECEIVER}${path}`);
  });
});

describe("the delivery log", () => {
  async function logRows(endpointId: string, count: number, at: (n: number) => number) {
    const statements = Array.from({ length: count }, (_, n) =>
      env.DB.prepare(
        `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, attempt, outcome, status_code, created_at)
         VALUES (?, ?, 'qr_code.created', '{}', 1, 'delivered', 200, ?)`,
      ).bind(endpointId, `msg_log_${n}`, at(n)),
    );
    await env.DB.batch(statements);
  }

  it("the tab reads each endpoint's latest 20 attempts from its index, however long the log is", async () => {
    const ada = await person();
    const many = `${RECEIVER}${hookPath()}`;
    const few = `${RECEIVER}${hookPath()}`;
    await addEndpoint(ada, many);
    await addEndpoint(ada, few);
    const start = Date.now() - 60 * 60 * 1000;
    await logRows(await endpointIdOf(many), 30, (n) => start + n * 1000);
    await logRows(await endpointIdOf(few), 2, (n) => start + n * 1000);

    // What the tab asks D1, statement by statement.
    const asked: string[] = [];
    const recording = new Proxy(env.DB, {
      get(target, name) {
        if (name === "prepare") {
          return (query: string) => {
            asked.push(query);
            return target.prepare(query);
          };
        }
        const value = Reflect.get(target, name) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const manyId = await endpointIdOf(many);
    const rows = await recentDeliveries(createDatabase(recording), [
      manyId,
      await endpointIdOf(few),
    ]);
    const latest = rows.filter((row) => row.endpointId === manyId);
    expect(latest.map((row) => row.eventId)).toEqual(
      Array.from({ length: 20 }, (_, n) => `msg_log_${29 - n}`),
    );
    expect(rows).toHaveLength(22);
    expect(asked).toHaveLength(2);
    for (const query of asked) {
      const holes = query.split("?").length - 1;
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`)
        .bind(...Array.from({ length: holes }, () => "x"))
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail).join(" | ");
      expect(details).toContain("USING INDEX webhook_deliveries_by_endpoint (endpoint_id=?)");
      // No window over every attempt, no sort of them all.
      expect(details).not.toMatch(/TEMP B-TREE|CO-ROUTINE|SCAN webhook_deliveries/);
    }
    const text = await pageText(TAB, ada.cookie);
    expect(text).toContain("qr_code.created · attempt 1 · Delivered · 200");
  });

  it("the nightly clean-up deletes attempts past 30 days in bounded chunks, up to a limit per run", async () => {
    const ada = await person();
    const url = `${RECEIVER}${hookPath()}`;
    await addEndpoint(ada, url);
    const id = await endpointIdOf(url);
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await logRows(id, 7, (n) => now - (40 + n) * day);
    await logRows(id, 1, () => now - 29 * day);
    const db = createDatabase();
    const left = async () =>
      await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?")
        .bind(id)
        .first<number>("n");
    const first = await purgeOldDeliveries(db, new Date(now), { chunk: 2, limit: 5 });
    expect(first).toMatchObject({ deliveries: 5, limitReached: true });
    expect(await left()).toBe(3);
    // Other tests' old attempts may be deleted too: run until this endpoint's are gone.
    let report = await purgeOldDeliveries(db, new Date(now), { chunk: 2, limit: 5 });
    while (report.limitReached)
      report = await purgeOldDeliveries(db, new Date(now), { chunk: 2, limit: 5 });
    expect(await left()).toBe(1);
  });
});

describe("the API's REST hooks", () => {
  it("subscribes with POST /webhooks and unsubscribes with DELETE /webhooks/{id}", async () => {
    const ada = await person();
    const key = await makeKey(
      { id: ada.id, email: ada.email, cookies: ada.cookie },
      { scopes: ["webhooks:write"] },
    );
    const path = hookPath();
    const created = await call(key, "POST", "/webhooks", {
      url: `${RECEIVER}${path}`,
      events: ["qr_code.scanned"],
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ url: `${RECEIVER}${path}`, events: ["qr_code.scanned"] });
    expect(created.json.secret).toMatch(/^whsec_/);
    expect(await pageText(TAB, ada.cookie)).toContain(`${RECEIVER}${path}`);

    const refused = await call(key, "POST", "/webhooks", {
      url: "https://169.254.169.254/",
      events: ["qr_code.scanned"],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      { field: "url", message: "Webhooks can only go to public addresses on the internet." },
    ]);
    const unknown = await call(key, "POST", "/webhooks", {
      url: "https://example.com/hook",
      events: ["qr_code.printed"],
    });
    expect(unknown.status).toBe(400);

    expect((await call(key, "DELETE", `/webhooks/${created.json.id}`)).status).toBe(204);
    expect((await call(key, "DELETE", `/webhooks/${created.json.id}`)).status).toBe(404);
    expect(await pageText(TAB, ada.cookie)).not.toContain(`${RECEIVER}${path}`);
    // The audit log says who subscribed and unsubscribed (the key acts as its maker).
    const log = await pageText("/dashboard?tab=team", ada.cookie);
    expect(log).toContain(`added the webhook endpoint ${RECEIVER}${path}`);
    expect(log).toContain(`removed the webhook endpoint ${RECEIVER}${path}`);
  });

  it("needs the webhooks:write scope, and stops at 10 endpoints", async () => {
    const ada = await person();
    const who = { id: ada.id, email: ada.email, cookies: ada.cookie };
    const codesOnly = await makeKey(who);
    const body = { url: "https://example.com/hook", events: ["qr_code.created"] };
    expect((await call(codesOnly, "POST", "/webhooks", body)).status).toBe(403);
    const key = await makeKey(who, { name: "Zapier", scopes: ["webhooks:write"] });
    for (let n = 0; n < 10; n++) {
      expect(
        (await call(key, "POST", "/webhooks", { ...body, url: `https://example.com/hook/${n}` }))
          .status,
      ).toBe(201);
    }
    const full = await call(key, "POST", "/webhooks", body);
    expect(full.status).toBe(403);
    expect(full.json.code).toBe("webhook_limit_reached");
    expect(await pageText(TAB, ada.cookie)).toContain("This workspace has 10 endpoints");
  });
});
