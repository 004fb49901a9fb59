import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { appFetch } from "./app";
import {
  activeDomain,
  addDomain,
  checkNow,
  DOMAINS_TAB as TAB,
  domainId,
  domainPost,
  onHost,
  person,
  saveTracked,
} from "./domains";
import { landOn } from "./forms";

// Custom domains (issue #18) with the TEST MODE provider of local runs: the Domains tab without
// JavaScript, tracked codes saved on a domain, and requests on a customer's hostname (sent with
// that Host, as Cloudflare for SaaS delivers them). The Cloudflare client itself is tested against
// a stand-in for its API in tests/worker/stripe/custom-hostnames.test.ts.

describe("the Domains tab", () => {
  it("adds a domain, shows its DNS record and status in words, then TEST MODE activates it on its first check", async () => {
    const ada = await person("premium");
    const { response, text } = await addDomain(ada, "QR.Ada-Bakery.test");
    expect(response.status).toBe(303);
    expect(text).toContain("qr.ada-bakery.test added.");
    expect(text).toContain("TEST MODE");
    expect(text).toContain("Pending");
    expect(text).toContain("Waiting for the DNS record and the certificate.");
    expect(text).toContain("CNAME qr.ada-bakery.test domains.qrcodecreator.app");
    // Not active yet: its hostname answers a bare 404.
    const early = await onHost("qr.ada-bakery.test", "/s/abcdefghij");
    expect(early.status).toBe(404);
    expect(await early.text()).toBe("Not found\n");

    const checked = (await checkNow(ada, await domainId("qr.ada-bakery.test"))).text;
    expect(checked).toContain("qr.ada-bakery.test is active: its tracked links work.");
    expect(checked).toContain("Active: tracked links on this domain work.");
    expect(checked).not.toContain("Create this record");
  });

  it("refuses bad hostnames, ours, and one another workspace has, with the reason", async () => {
    const ada = await person("premium");
    const bob = await person("premium");
    for (const [hostname, message] of [
      ["192.0.2.1", "Enter a hostname, not an IP address."],
      ["*.ada.test", "Wildcards are not supported."],
      ["https://qr.ada.test/x", "Enter only the hostname"],
      ["links.qr.example.com", "qr.example.com and its subdomains belong to this service."],
      ["x.domains.qrcodecreator.app", "domains.qrcodecreator.app and its subdomains belong"],
      [`${"x".repeat(64)}.ada.test`, "at most 63 characters"],
    ] as const) {
      const { response, text } = await addDomain(ada, hostname);
      expect(response.status, hostname).toBe(400);
      expect(text).toContain(message);
    }
    await addDomain(ada, "go.shared-brand.test");
    const taken = await addDomain(bob, "GO.shared-brand.test");
    expect(taken.response.status).toBe(409);
    expect(taken.text).toContain("go.shared-brand.test is already used by another workspace.");
    const idn = await addDomain(bob, "qr.bäckerei.test");
    expect(idn.response.status).toBe(303);
    expect(idn.text).toContain("qr.bäckerei.test added.");
    expect(idn.text).toContain("In DNS: qr.xn--bckerei-5wa.test");
  });

  it("allows 3 domains on Premium, none on Free, and only owners and admins", async () => {
    const ada = await person("premium");
    for (const n of [1, 2, 3])
      expect((await addDomain(ada, `d${n}.ada-three.test`)).response.status).toBe(303);
    const fourth = await addDomain(ada, "d4.ada-three.test");
    expect(fourth.response.status).toBe(403);
    expect(fourth.text).toContain(
      "This workspace has 3 custom domains, the most the Premium plan allows.",
    );

    const free = await person("free");
    const page = textOf(await (await appFetch(TAB, { headers: { Cookie: free.cookie } })).text());
    expect(page).toContain("Custom domains come with Premium (3 domains) and Ultimate (20)");
    const refused = await addDomain(free, "qr.free-person.test");
    expect(refused.response.status).toBe(403);
    const none = await env.DB.prepare("SELECT count(*) AS n FROM custom_domains WHERE hostname = ?")
      .bind("qr.free-person.test")
      .first<{ n: number }>();
    expect(none!.n).toBe(0);
  });
});

describe("a customer's hostname", () => {
  it("serves only its workspace's tracked links, never the app, and ignores and never sets cookies", async () => {
    const ada = await person("premium");
    const bob = await person("premium");
    const id = await activeDomain(ada, "go.ada-menu.test");
    const { code } = await saveTracked(ada, "https://example.com/ada-menu", id);
    // The saved image encodes the custom domain's link, which redirects to the address.
    const image = await appFetch(`/api/qr-codes/${code!.id}/download?format=png`, {
      headers: { Cookie: ada.cookie },
    });
    expect(image.status).toBe(200);
    const decoded = await decodeSingleQr(new Uint8Array(await image.arrayBuffer()));
    expect(decoded.text).toBe(`https://go.ada-menu.test/${code!.slug}`);
    const dashboard = textOf(
      await (await appFetch("/dashboard", { headers: { Cookie: ada.cookie } })).text(),
    );
    expect(dashboard).toContain(`https://go.ada-menu.test/${code!.slug}`);

    for (const path of [`/${code!.slug}`, `/s/${code!.slug}`]) {
      const scan = await onHost("go.ada-menu.test", path, { headers: { Cookie: ada.cookie } });
      expect(scan.status, path).toBe(302);
      expect(scan.headers.get("Location")).toBe("https://example.com/ada-menu");
      expect(scan.headers.get("Set-Cookie")).toBeNull();
    }
    // Bob's tracked code does not answer on Ada's domain, though it works on ours.
    const { code: bobs } = await saveTracked(bob, "https://example.com/bob");
    const foreign = await onHost("go.ada-menu.test", `/${bobs!.slug}`);
    expect(foreign.status).toBe(404);
    const page = await foreign.text();
    expect(page).toContain("This QR code link does not exist");
    expect(page).not.toContain("QR Code Creator");
    expect((await appFetch(`/s/${bobs!.slug}`)).status).toBe(302);
    // Nothing of the app: not the home page, not the dashboard with a session, not a sign-in.
    for (const path of ["/", "/dashboard", "/api/auth/user", "/pricing"]) {
      const response = await onHost("go.ada-menu.test", path, { headers: { Cookie: ada.cookie } });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Set-Cookie"), path).toBeNull();
      expect(await response.text(), path).not.toContain("QR Code Creator");
    }
    const post = await onHost("go.ada-menu.test", "/api/auth/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: ada.cookie },
      body: JSON.stringify({ email: "a@b.test", password: "x" }),
    });
    expect(post.status).toBe(404);
    expect(post.headers.get("Set-Cookie")).toBeNull();

    // A deleted code answers 410 where it was printed.
    await env.DB.prepare("DELETE FROM qr_codes WHERE id = ?").bind(code!.id).run();
    const gone = await onHost("go.ada-menu.test", `/${code!.slug}`);
    expect(gone.status).toBe(410);
    const goneText = await gone.text();
    expect(goneText).toContain("This QR code was deleted");
    expect(goneText).not.toContain("QR Code Creator");
  });

  it("an unknown hostname gets a bare 404", async () => {
    const response = await onHost("nobody.unknown-brand.test", "/s/abcdefghij");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found\n");
  });

  it("only a workspace's active domains can be chosen for a tracked code", async () => {
    const ada = await person("premium");
    const bob = await person("premium");
    const bobsDomain = await activeDomain(bob, "go.bob-only.test");
    const { response } = await saveTracked(ada, "https://example.com/sneaky", bobsDomain);
    expect(await landOn(response, ada.cookie)).toContain(
      "Choose an active domain of this workspace for the tracked link, or ours.",
    );
    const saved = await env.DB.prepare("SELECT count(*) AS n FROM qr_codes WHERE title = ?")
      .bind("Code for https://example.com/sneaky")
      .first<{ n: number }>();
    expect(saved!.n).toBe(0);
  });

  it("a downgrade keeps the domain answering its links; removing it asks first when codes use it", async () => {
    const ada = await person("premium");
    const id = await activeDomain(ada, "go.ada-down.test");
    const { code } = await saveTracked(ada, "https://example.com/down", id);
    await env.DB.prepare(
      "UPDATE users SET subscription_plan = 'free', subscription_status = 'inactive', is_trial_active = 0 WHERE id = ?",
    )
      .bind(ada.id)
      .run();
    expect((await onHost("go.ada-down.test", `/${code!.slug}`)).status).toBe(302);
    const refused = await addDomain(ada, "go.ada-more.test");
    expect(refused.response.status).toBe(403);

    const ask = await domainPost(ada, { intent: "remove-domain", domain: id });
    expect(ask.status).toBe(409);
    const askText = textOf(await ask.text());
    expect(askText).toContain("1 tracked code uses this domain.");
    expect(askText).toContain("Remove go.ada-down.test anyway");
    expect((await onHost("go.ada-down.test", `/${code!.slug}`)).status).toBe(302);

    const removed = await domainPost(ada, { intent: "remove-domain", domain: id, confirm: "yes" });
    expect(await landOn(removed, ada.cookie)).toContain(
      "go.ada-down.test removed. Its 1 tracked code now shows this service's own link.",
    );
    expect((await onHost("go.ada-down.test", `/${code!.slug}`)).status).toBe(404);
    // The code's link falls back to ours, which still redirects.
    expect((await appFetch(`/s/${code!.slug}`)).headers.get("Location")).toBe(
      "https://example.com/down",
    );
  });

  it("viewers and editors cannot add or remove domains", async () => {
    const ada = await person("premium");
    await env.DB.prepare("UPDATE workspace_members SET role = 'editor' WHERE user_id = ?")
      .bind(ada.id)
      .run();
    const refused = await domainPost(ada, { intent: "add-domain", hostname: "go.editor.test" });
    expect(refused.status).toBe(403);
  });
});

describe("the scheduled check", () => {
  it("checks pending domains when they are due, with longer waits each time", async () => {
    const ada = await person("premium");
    await addDomain(ada, "go.ada-cron.test");
    const before = await env.DB.prepare(
      "SELECT status, next_check_at FROM custom_domains WHERE hostname = ?",
    )
      .bind("go.ada-cron.test")
      .first<{ status: string; next_check_at: number }>();
    expect(before!.status).toBe("pending");
    const worker = exports.default as unknown as {
      scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
    };
    await worker.scheduled({ scheduledTime: before!.next_check_at - 1000, cron: "*/10 * * * *" });
    const early = await env.DB.prepare("SELECT status FROM custom_domains WHERE hostname = ?")
      .bind("go.ada-cron.test")
      .first<{ status: string }>();
    expect(early!.status).toBe("pending");
    await worker.scheduled({ scheduledTime: before!.next_check_at + 1000, cron: "*/10 * * * *" });
    const after = await env.DB.prepare(
      "SELECT status, checks, next_check_at FROM custom_domains WHERE hostname = ?",
    )
      .bind("go.ada-cron.test")
      .first<{ status: string; checks: number; next_check_at: number | null }>();
    expect(after).toEqual({ status: "active", checks: 1, next_check_at: null });
  });
});
