import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDomain, checkNow, domainId, domainPost, onHost, person, readAnswer } from "../domains";

// Custom domains as staging and production run them (issue #18): the app's own Cloudflare client
// against the local stand-in for Cloudflare for SaaS's Custom Hostnames API
// (tests/fakes/cloudflare-api.ts), where the tests play the customer's DNS and Cloudflare.

interface FakeHostname {
  id: string;
  hostname: string;
  status: string;
  ssl: { status: string; method: string; type: string; settings: Record<string, unknown> };
}

/** What Cloudflare holds for `hostname` now (null: nothing). */
async function atCloudflare(hostname: string): Promise<FakeHostname | null> {
  const response = await fetch(`${env.FAKE_CLOUDFLARE_CONTROL_URL}/hostnames/${hostname}`);
  return response.status === 404 ? null : response.json<FakeHostname>();
}

/** Sets what Cloudflare reports for `hostname`, as DNS and certificate validation would. */
async function cloudflareSays(
  hostname: string,
  patch: {
    status?: string;
    sslStatus?: string;
    verificationErrors?: string[];
    sslErrors?: string[];
    outage?: boolean;
  },
) {
  const response = await fetch(`${env.FAKE_CLOUDFLARE_CONTROL_URL}/hostnames/${hostname}`, {
    method: "PUT",
    body: JSON.stringify(patch),
  });
  expect(response.status).toBe(200);
}

async function row(hostname: string) {
  return env.DB.prepare(
    "SELECT status, hostname_status, certificate_status, provider_id, checks FROM custom_domains WHERE hostname = ?",
  )
    .bind(hostname)
    .first<{
      status: string;
      hostname_status: string;
      certificate_status: string;
      provider_id: string;
      checks: number;
    }>();
}

const worker = exports.default as unknown as {
  scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
};

describe("custom hostnames through Cloudflare for SaaS", () => {
  it("creates the hostname, shows Cloudflare's verification errors, and turns active when Cloudflare says so", async () => {
    const ada = await person("premium");
    const added = await addDomain(ada, "qr.ada-cloud.test");
    expect(added.response.status).toBe(303);
    expect(added.text).toContain("qr.ada-cloud.test added.");
    expect(added.text).not.toContain("TEST MODE");
    expect(added.text).toContain("custom hostname does not CNAME to this zone.");
    expect(added.text).toContain("certificate: pending_validation");
    const created = await atCloudflare("qr.ada-cloud.test");
    expect(created).toMatchObject({
      status: "pending",
      ssl: { method: "http", type: "dv", settings: { min_tls_version: "1.2" } },
    });
    expect((await row("qr.ada-cloud.test"))!.provider_id).toBe(created!.id);

    // The DNS record exists now, but the certificate authority cannot reach the hostname yet.
    await cloudflareSays("qr.ada-cloud.test", {
      status: "active",
      verificationErrors: [],
      sslErrors: ["caa_error: the CAA record of qr.ada-cloud.test forbids issuing"],
    });
    const id = await domainId("qr.ada-cloud.test");
    const stillPending = await checkNow(ada, id);
    expect(stillPending.text).toContain("qr.ada-cloud.test is not ready yet.");
    expect(stillPending.text).toContain("caa_error: the CAA record of qr.ada-cloud.test forbids");
    expect((await onHost("qr.ada-cloud.test", "/s/abcdefghij")).status).toBe(404);

    await cloudflareSays("qr.ada-cloud.test", { sslStatus: "active", sslErrors: [] });
    const active = await checkNow(ada, id);
    expect(active.text).toContain("qr.ada-cloud.test is active: its tracked links work.");
    expect(active.text).not.toContain("caa_error");
    expect(await row("qr.ada-cloud.test")).toMatchObject({
      status: "active",
      hostname_status: "active",
      certificate_status: "active",
    });
    // An active hostname answers with its workspace's pages, not the bare 404 of unknown ones.
    const missing = await onHost("qr.ada-cloud.test", "/s/abcdefghij");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("This QR code link does not exist");
  });

  it("a blocked hostname needs attention; one Cloudflare no longer has says so", async () => {
    const ada = await person("premium");
    await addDomain(ada, "go.ada-blocked.test");
    await cloudflareSays("go.ada-blocked.test", { status: "blocked", verificationErrors: [] });
    const blocked = await checkNow(ada, await domainId("go.ada-blocked.test"));
    expect(blocked.text).toContain("go.ada-blocked.test needs your attention.");
    expect((await row("go.ada-blocked.test"))!.status).toBe("failed");

    await addDomain(ada, "go.ada-vanished.test");
    await fetch(`${env.FAKE_CLOUDFLARE_CONTROL_URL}/hostnames/go.ada-vanished.test`, {
      method: "DELETE",
    });
    const gone = await checkNow(ada, await domainId("go.ada-vanished.test"));
    expect(gone.text).toContain("Our domain provider no longer has this hostname.");
  });

  it("removing a domain deletes it at Cloudflare", async () => {
    const ada = await person("premium");
    await addDomain(ada, "go.ada-remove.test");
    expect(await atCloudflare("go.ada-remove.test")).not.toBeNull();
    const removed = await domainPost(ada, {
      intent: "remove-domain",
      domain: await domainId("go.ada-remove.test"),
    });
    expect(await readAnswer(ada, removed)).toContain("go.ada-remove.test removed.");
    expect(await atCloudflare("go.ada-remove.test")).toBeNull();
    expect(await row("go.ada-remove.test")).toBeNull();
  });

  it("a hostname another Cloudflare customer holds is refused with 409 and nothing kept", async () => {
    const ada = await person("premium");
    await cloudflareSays("shop.someone-else.test", {});
    const refused = await addDomain(ada, "shop.someone-else.test");
    expect(refused.response.status).toBe(409);
    expect(refused.text).toContain(
      "This hostname is already registered with our domain provider. If it is yours, contact support.",
    );
    expect(await row("shop.someone-else.test")).toBeNull();
  });

  it("an outage answers 503 with a message, writes nothing, and a check keeps what was known", async () => {
    const ada = await person("premium");
    const refused = await addDomain(ada, "outage.ada-cloud.test");
    expect(refused.response.status).toBe(503);
    expect(refused.text).toContain("Our domain provider is having trouble just now.");
    expect(await row("outage.ada-cloud.test")).toBeNull();
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_events WHERE action = 'domain.added' AND actor_id = ?",
    )
      .bind(ada.id)
      .first<{ n: number }>();
    expect(audit!.n).toBe(0);

    await addDomain(ada, "go.ada-flaky.test");
    await cloudflareSays("go.ada-flaky.test", { outage: true });
    const id = await domainId("go.ada-flaky.test");
    const before = await row("go.ada-flaky.test");
    const check = await checkNow(ada, id);
    expect(check.response.status).toBe(503);
    expect(check.text).toContain("Try again in a minute.");
    expect(await row("go.ada-flaky.test")).toEqual(before);

    // Removing it during the outage keeps it too, rather than leaving it live at Cloudflare.
    const remove = await domainPost(ada, { intent: "remove-domain", domain: id });
    expect(remove.status).toBe(503);
    expect(await row("go.ada-flaky.test")).toEqual(before);

    // The scheduled check waits longer and tries again later; it does not fail the domain.
    const due = await env.DB.prepare("SELECT next_check_at FROM custom_domains WHERE hostname = ?")
      .bind("go.ada-flaky.test")
      .first<{ next_check_at: number }>();
    await worker.scheduled({ scheduledTime: due!.next_check_at + 1000, cron: "*/10 * * * *" });
    const postponed = await env.DB.prepare(
      "SELECT status, next_check_at FROM custom_domains WHERE hostname = ?",
    )
      .bind("go.ada-flaky.test")
      .first<{ status: string; next_check_at: number }>();
    expect(postponed!.status).toBe("pending");
    expect(postponed!.next_check_at).toBeGreaterThan(due!.next_check_at);

    await cloudflareSays("go.ada-flaky.test", {
      outage: false,
      status: "active",
      sslStatus: "active",
    });
    await worker.scheduled({
      scheduledTime: postponed!.next_check_at + 1000,
      cron: "*/10 * * * *",
    });
    expect((await row("go.ada-flaky.test"))!.status).toBe("active");
  });
});
