import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOOP_MESSAGE } from "../../app/destinations/destination";
import { textOf } from "../support/html";
import { landOn } from "./forms";
import { call, makeKey, person as apiPerson } from "./api-client";
import { appFetch, generate, ORIGIN } from "./app";
import { addDomain, checkNow, domainId, onHost, person, saveTracked, type Person } from "./domains";

// Issue #27 items 4, 5 and 9 tried again as an attacker would, after their fixes: Host header
// variants, spellings of our own addresses that try to slip past the loop guard, and the
// share links' answers to strangers and after sharing stops.

const saveBySpec = (cookie: string, url: string) =>
  generate(
    {
      type: "url",
      data: { url },
      customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
      title: `Attack ${url}`,
      save: "true",
      trackScans: "true",
    },
    { cookie, headers: { Origin: ORIGIN } },
  );

function onOrigin(origin: string, path: string) {
  return exports.default.fetch(new Request(`${origin}${path}`, { redirect: "manual" }));
}

describe("Host header variants", () => {
  it("serve the app only on our hostnames and a customer's links only on theirs", async () => {
    const owner = await person("ultimate");
    await addDomain(owner, "menu.host-variants.test");
    await checkNow(owner, await domainId("menu.host-variants.test"));
    const { code } = await saveTracked(owner, "https://example.com/variants");
    const slug = code!.slug;

    // Ours, however the Host is spelled: upper case and a port change nothing.
    for (const origin of ["https://QR.EXAMPLE.COM", "https://qr.example.com:8443"]) {
      expect((await onOrigin(origin, "/pricing")).status, origin).toBe(200);
      const scan = await onOrigin(origin, `/s/${slug}`);
      expect(scan.headers.get("Location"), origin).toBe("https://example.com/variants");
    }
    // Look-alikes of ours are unknown hosts: a bare 404, nothing of the app.
    for (const origin of [
      "https://qr.example.com.evil.test",
      "https://evil.test",
      "https://qr.example.com.",
      "https://xqr.example.com",
    ]) {
      for (const path of ["/pricing", `/s/${slug}`, `/${slug}`, "/forgot-password"]) {
        const response = await onOrigin(origin, path);
        expect(response.status, `${origin}${path}`).toBe(404);
        expect(await response.text()).toBe("Not found\n");
        expect(response.headers.get("Set-Cookie")).toBeNull();
      }
    }
    // A customer's domain serves links and nothing of the app, in any spelling of its name.
    for (const origin of [
      "https://MENU.HOST-VARIANTS.TEST",
      "https://menu.host-variants.test:8443",
    ]) {
      expect((await onOrigin(origin, `/${slug}`)).headers.get("Location")).toBe(
        "https://example.com/variants",
      );
      const page = await onOrigin(origin, "/pricing");
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("Pricing");
    }
  });
});

describe("the loop guard against other spellings of our addresses", () => {
  it("refuses them all, with the guard's own message", async () => {
    const owner = await person("ultimate");
    // An internationalised customer domain, stored in punycode.
    await addDomain(owner, "bücher-loop.test");
    await checkNow(owner, await domainId("xn--bcher-loop-9db.test"));
    const slug = (await saveTracked(owner, "https://example.com/first")).code!.slug;
    const spellings = [
      `https://QR.EXAMPLE.COM./s/${slug}`,
      `https://x@qr.example.com/s/${slug}`,
      `https://user:pass@qr.example.com:443/s/${slug}`,
      `https://qr%2Eexample.com/s/${slug}`,
      `https://qr\u3002example\u3002com/s/${slug}`,
      `https://qr.example.com\\@evil.test/s/${slug}`,
      `https://qr.example.com/%2F/s/${slug}`,
      `https:qr.example.com/s/${slug}`,
      `https:/\\qr.example.com/s/${slug}`,
      `https://qr.example.com#@evil.test/s/${slug}`,
      `https://qr.example.com/api/logout?redirect=/s/${slug}`,
      `https://qr.example.com/auth?redirect=/s/${slug}`,
      `https://bücher-loop.test/${slug}`,
      `https://BÜCHER-LOOP.test./${slug}`,
      `https://xn--bcher-loop-9db.test:8443/s/${slug}`,
      `http://127.1/s/${slug}`,
      `http://0x7f.0.0.1/s/${slug}`,
      `http://localhost./s/${slug}`,
      `https://qr-code-creator.someone.workers.dev/S/${slug}`,
      `https://qr-code-creator.someone.workers.dev/%73/${slug}/`,
      `https://qr-code-creator.someone.workers.dev/./s/${slug}`,
      `https://qr-code-creator.someone.workers.dev/signin?%72edirect=%2Fs%2F${slug}`,
    ];
    for (const url of spellings) {
      const response = await saveBySpec(owner.cookie, url);
      expect(response.status, url).toBe(400);
      expect((await response.json<{ message: string }>()).message, url).toBe(LOOP_MESSAGE);
    }
    // IPv6 literals (loopback or mapped) are no web address here at all.
    for (const url of [`http://[::1]/s/${slug}`, `https://[::ffff:7f00:1]/s/${slug}`]) {
      expect((await saveBySpec(owner.cookie, url)).status, url).toBe(400);
    }
  });

  it("keeps refusing at the redirect when the destination becomes a custom domain later", async () => {
    const owner = await person("ultimate");
    const target = await saveTracked(owner, "https://example.com/target");
    // Allowed when made: nobody had added this domain yet.
    const { code } = await saveTracked(owner, `https://later.loop-guard.test/${target.code!.slug}`);
    expect(code).not.toBeNull();
    // Someone adds it afterwards and it goes live: from then on it serves only short links.
    const other = await person("ultimate");
    await addDomain(other, "later.loop-guard.test");
    await checkNow(other, await domainId("later.loop-guard.test"));
    const scan = await appFetch(`/s/${code!.slug}`);
    expect(scan.status).toBe(404);
    expect(scan.headers.get("Location")).toBeNull();
  });

  it("is not turned against other people's sites by a domain that is only added", async () => {
    const victim = await person("ultimate");
    const { code } = await saveTracked(victim, "https://shop.someone-else.test/sale");
    expect(code).not.toBeNull();
    // Anyone on a paid plan can add any hostname; it stays pending (and serves nothing, a bare
    // 404) until its owner's DNS proves it. Until then nothing of ours is there to loop to.
    const squatter = await person("premium");
    const added = await addDomain(squatter, "shop.someone-else.test");
    expect(added.response.status).toBe(303);
    expect((await onHost("shop.someone-else.test", `/${code!.slug}`)).status).toBe(404);

    const scan = await appFetch(`/s/${code!.slug}`);
    expect(scan.status).toBe(302);
    expect(scan.headers.get("Location")).toBe("https://shop.someone-else.test/sale");
    const again = await saveBySpec(victim.cookie, "https://shop.someone-else.test/new");
    expect(again.status).toBe(200);
  });
});

async function sharedWifi(owner: Person) {
  const saved = await generate(
    {
      type: "wifi",
      data: { ssid: "Home", password: "a secret passphrase", encryption: "WPA" },
      customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
      title: "Wi-Fi",
      save: "true",
    },
    { cookie: owner.cookie, headers: { Origin: ORIGIN } },
  );
  const { id } = await saved.json<{ id: number }>();
  await share(owner, id, true);
  return id;
}

async function share(owner: Person, id: number, on: boolean) {
  const response = await appFetch("/dashboard", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: owner.cookie },
    body: new URLSearchParams({ id: String(id), intent: "visibility", public: String(on) }),
  });
  expect(response.status).toBe(303);
  return response;
}

async function shareLink(owner: Person): Promise<string> {
  const page = textOf(
    await (await appFetch("/dashboard", { headers: { Cookie: owner.cookie } })).text(),
  );
  const link = /Share link: (\S+)/.exec(page)?.[1];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return url.pathname + url.search;
}

describe("share links against strangers", () => {
  it("answer a stranger the same 404 by number whether or not the code exists", async () => {
    const owner = await person("premium");
    const id = await sharedWifi(owner);
    const stranger = await person("premium");
    const missing = id + 100_000;
    for (const cookie of [null, stranger.cookie]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const [real, absent] = await Promise.all(
        [id, missing].map((n) => appFetch(`/api/qr-codes/${n}/download?format=png`, { headers })),
      );
      expect(real!.status).toBe(404);
      expect(absent!.status).toBe(404);
      expect(await real!.text()).toBe(await absent!.text());
      for (const name of ["Content-Type", "Cache-Control", "ETag", "Content-Length"]) {
        expect(real!.headers.get(name), name).toBe(absent!.headers.get(name));
      }
    }
  });

  it("stop for good when sharing stops: sharing again gives a new link", async () => {
    const owner = await person("premium");
    const id = await sharedWifi(owner);
    const first = await shareLink(owner);
    const shared = await appFetch(first);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("Cache-Control")).toBe("public, no-cache");
    const etag = shared.headers.get("ETag")!;

    const stopped = await share(owner, id, false);
    expect(await landOn(stopped, owner.cookie)).toContain(
      "Its share link no longer works; sharing it again gives a new one.",
    );
    // A cache that kept the image asks again, and is told it is gone.
    const revalidated = await appFetch(first, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(404);
    expect(revalidated.headers.get("Cache-Control")).toBe("no-store");

    // Shared again (say, with the team), the link that went around before stays dead.
    await share(owner, id, true);
    const second = await shareLink(owner);
    expect(second).not.toBe(first);
    expect((await appFetch(second)).status).toBe(200);
    expect((await appFetch(first)).status).toBe(404);
    const row = await env.DB.prepare("SELECT share_id FROM qr_codes WHERE id = ?")
      .bind(id)
      .first<{ share_id: string }>();
    expect(second).toContain(row!.share_id);
  });

  it("through the API too: sharing a shared code keeps its link, sharing anew changes it", async () => {
    const owner = await apiPerson("ultimate");
    const key = await makeKey(owner);
    const created = await call(key, "POST", "/qr-codes", {
      title: "Shared",
      type: "text",
      data: { text: "Hi" },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const path = `/qr-codes/${created.json.id}`;
    const first = (await call(key, "PATCH", path, { public: true })).json.shareUrl as string;
    expect((await call(key, "PATCH", path, { public: true })).json.shareUrl).toBe(first);
    expect((await call(key, "PATCH", path, { public: false })).json.shareUrl).toBeNull();
    const second = (await call(key, "PATCH", path, { public: true })).json.shareUrl as string;
    expect(second).toMatch(/\/api\/qr-codes\/[A-Za-z0-9_-]{22}\/download/);
    expect(second).not.toBe(first);
    expect((await appFetch(new URL(first).pathname + new URL(first).search)).status).toBe(404);
    expect((await appFetch(new URL(second).pathname + new URL(second).search)).status).toBe(200);
  });
});

describe("secrets in paths", () => {
  afterEach(() => vi.restoreAllMocks());

  it("never reach the request log: a share id or an invitation's token", async () => {
    const owner = await person("premium");
    await sharedWifi(owner);
    const link = await shareLink(owner);
    const shareId = link.split("/")[3]!;
    const token = "Zm9yZ2VkLWludml0YXRpb24tdG9rZW4tMTIzNDU2Nzg5MA";
    const lines = vi.spyOn(console, "info").mockImplementation(() => {});
    expect((await appFetch(link)).status).toBe(200);
    await appFetch(`/invite/${token}`);
    const logged = JSON.stringify(lines.mock.calls);
    // The requests' own lines; a queue's batch of an earlier request may log beside them.
    const routes = lines.mock.calls
      .map(([line]) => JSON.parse(String(line)) as { event: string; route?: string })
      .filter((line) => line.event === "request")
      .map((line) => line.route);
    expect(routes).toEqual(["/api/qr-codes/:id/download", "/invite/:token"]);
    expect(logged).not.toContain(shareId);
    expect(logged).not.toContain(token);

    // Nor the log of a server error on that path (here D1 is down).
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(env.DB, "prepare").mockImplementation(() => {
      throw new Error("D1_ERROR: Network connection lost.");
    });
    expect((await appFetch(link)).status).toBeGreaterThanOrEqual(500);
    const failures = errors.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(failures).toContainEqual(
      expect.objectContaining({ event: "storage_outage", path: "/api/qr-codes/:id/download" }),
    );
    expect(JSON.stringify(errors.mock.calls)).not.toContain(shareId);
  });
});
