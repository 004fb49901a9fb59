import { applyD1Migrations } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOOP_MESSAGE } from "../../app/destinations/destination";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { newPerson, signUp } from "./accounts";
import { call, makeKey, person as apiPerson } from "./api-client";
import { appFetch, generate, newAddress, ORIGIN } from "./app";
import { activeDomain, onHost, person, saveTracked } from "./domains";
import { latestMail, outbox } from "./mail";

// Issue #27, "Hosts, links and shares": every absolute URL the app writes starts with APP_URL
// (here https://qr.example.com) whatever Host a request names; a tracked code never leads back
// into this service, however it is made, and the redirect never sends a scanner on to another
// of our links; a shared code's public link carries an unguessable id.

/** A request on another hostname the app answers on (loopback), as a forged Host reaches it. */
function onOtherHost(origin: string, path: string, init: RequestInit = {}) {
  return exports.default.fetch(new Request(`${origin}${path}`, { redirect: "manual", ...init }));
}

describe("absolute links come from APP_URL, never from the Host header", () => {
  it("e-mails a reset link on APP_URL when the request named another of our hosts", async () => {
    const { person: who } = await signUp(newPerson("forged-host"));
    const resets = async () =>
      (await outbox()).filter((mail) => mail.to === who.email && /Reset/.test(mail.subject));
    for (const [n, origin] of ["http://localhost:8787", "https://www.qr.example.com"].entries()) {
      const response = await onOtherHost(origin, "/forgot-password", {
        method: "POST",
        headers: { Origin: origin, "CF-Connecting-IP": newAddress() },
        body: new URLSearchParams({ email: who.email }),
      });
      expect(response.status, origin).toBe(303);
      await expect.poll(async () => (await resets()).length).toBe(n + 1);
      const [mail] = await resets();
      expect(mail!.links[0], origin).toMatch(/^https:\/\/qr\.example\.com\/reset-password\?token=/);
      expect(mail!.text).not.toContain(`${new URL(origin).host}/`);
    }
  });

  it("e-mails invitations with a link on APP_URL", async () => {
    const owner = await person("premium");
    const invitee = newPerson("invitee").email;
    const response = await onOtherHost("http://localhost:8787", "/dashboard", {
      method: "POST",
      headers: { Origin: "http://localhost:8787", Cookie: owner.cookie },
      body: new URLSearchParams({
        workspace: personalWorkspaceId(owner.id),
        intent: "invite",
        email: invitee,
        role: "editor",
      }),
    });
    expect(response.status).toBe(303);
    const mail = await latestMail(invitee, /invited you/);
    expect(mail).toBeDefined();
    expect(mail!.links[0]).toMatch(/^https:\/\/qr\.example\.com\/invite\//);
  });

  it("answers the API with URLs on APP_URL", async () => {
    const ada = await apiPerson("ultimate");
    const key = await makeKey(ada);
    const response = await onOtherHost("http://localhost:8787", "/api/v1/qr-codes", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/json",
        "CF-Connecting-IP": newAddress(),
      },
      body: JSON.stringify({
        title: "Hosts",
        type: "url",
        data: { url: "https://example.com/hosts" },
        trackScans: true,
      }),
    });
    expect(response.status).toBe(201);
    const code = await response.json<{
      imageUrls: { png: string };
      trackedLink: { url: string };
    }>();
    expect(response.headers.get("Location")).toMatch(/^https:\/\/qr\.example\.com\/api\/v1\//);
    expect(code.imageUrls.png).toMatch(/^https:\/\/qr\.example\.com\//);
    expect(code.trackedLink.url).toMatch(/^https:\/\/qr\.example\.com\/s\//);
  });

  it("gives a request on a hostname that is neither ours nor a customer's a bare 404", async () => {
    const { person: who } = await signUp(newPerson("unknown-host"));
    const before = (await outbox()).length;
    const response = await onOtherHost("http://evil.test:8787", "/forgot-password", {
      method: "POST",
      headers: { Origin: "http://evil.test:8787", "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams({ email: who.email }),
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found\n");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect((await outbox()).length).toBe(before);
  });
});

const save = (cookie: string, url: string) =>
  generate(
    {
      type: "url",
      data: { url },
      customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
      title: `Loop ${url}`,
      save: "true",
      trackScans: "true",
    },
    { cookie, headers: { Origin: ORIGIN } },
  );

const trackedCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM tracked_links").first<number>("n")) ?? 0;

describe("the loop guard covers every way a tracked code is made", () => {
  it("refuses our hosts, short links, redirect= routes and custom domains everywhere", async () => {
    const owner = await person("ultimate");
    const domain = "links.loop-guard.test";
    await activeDomain(owner, domain);
    const other = await saveTracked(owner, "https://example.com/first");
    const slug = other.code!.slug;
    const looping = [
      `${ORIGIN}/s/${slug}`,
      `https://WWW.qr.example.com/%73/${slug}`,
      `${ORIGIN}/auth?redirect=/s/${slug}`,
      `${ORIGIN}/pricing`,
      `https://${domain}/${slug}`,
      `https://qr-code-creator.someone.workers.dev/s/${slug}`,
      `http://127.0.0.1:8787/signin?redirect=%2Fs%2F${slug}`,
    ];
    const before = await trackedCount();

    for (const url of looping) {
      // The generator page (no JavaScript), as saveTracked posts it.
      const page = await saveTracked(owner, url);
      expect(page.code, url).toBeNull();
      // The spec's API: POST /api/qr-codes/generate with save.
      const spec = await save(owner.cookie, url);
      expect(spec.status, url).toBe(400);
      expect((await spec.json<{ message: string }>()).message).toBe(LOOP_MESSAGE);
    }
    expect(await trackedCount()).toBe(before);

    // The public API, one-by-one and in bulk.
    const apiOwner = await apiPerson("ultimate");
    const key = await makeKey(apiOwner);
    for (const url of looping.slice(0, 4)) {
      const created = await call(key, "POST", "/qr-codes", {
        title: "Loop",
        type: "url",
        data: { url },
        trackScans: true,
      });
      expect(created.status, url).toBe(400);
      expect(created.json.errors[0].message).toBe(LOOP_MESSAGE);
    }
    const bulk = await call(key, "POST", "/bulk-jobs", {
      rows: [{ url: "https://example.com/fine" }, { url: `${ORIGIN}/s/${slug}` }],
      trackScans: true,
    });
    expect(bulk.status).toBe(422);
    expect(bulk.json.errors).toEqual([{ field: "rows[1].url", message: LOOP_MESSAGE }]);
    // Untracked, an address of ours is only printed: nothing redirects, so nothing loops.
    const untracked = await call(key, "POST", "/bulk-jobs", {
      rows: [{ url: `${ORIGIN}/pricing` }],
    });
    expect(untracked.status).toBe(201);

    // The bulk page.
    const form = new FormData();
    const csv = `url,title\nhttps://example.com/ok,Fine\n${ORIGIN}/s/${slug},Loop\n`;
    form.set("file", new File([csv], "codes.csv", { type: "text/csv" }));
    for (const [name, value] of Object.entries({ format: "png", size: "256", track: "on" })) {
      form.set(name, value);
    }
    const checked = await appFetch("/bulk?intent=check", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: owner.cookie, "CF-Connecting-IP": newAddress() },
      body: form,
    });
    const text = textOf(await checked.text());
    expect(text).toContain(LOOP_MESSAGE);
    expect(text).toContain(`Rows with problems Row Column Problem 3 url ${LOOP_MESSAGE}`);
  });

  it("refuses a schedule that would lead back here", async () => {
    const owner = await person("premium");
    const { code } = await saveTracked(owner, "https://example.com/scheduled");
    const response = await appFetch(`/dashboard/codes/${code!.id}`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: owner.cookie },
      body: new URLSearchParams({
        intent: "schedule",
        destination: `${ORIGIN}/s/${code!.slug}`,
        at: "2099-01-01T09:00",
        zone: "UTC",
      }),
    });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain(LOOP_MESSAGE);
  });
});

describe("the scan redirect never sends a scanner to another of our links", () => {
  it("answers 404, uncounted, where a stored destination leads back here", async () => {
    const owner = await person("ultimate");
    const domain = "go.redirect-guard.test";
    const domainId = await activeDomain(owner, domain);
    const first = (await saveTracked(owner, "https://example.com/a")).code!;
    const second = (await saveTracked(owner, "https://example.com/b", domainId)).code!;
    // Two codes made before the guard covered every way in: each leads to the other.
    const lead = (slug: string, url: string) =>
      env.DB.prepare("UPDATE tracked_links SET target_url = ? WHERE slug = ?")
        .bind(url, slug)
        .run();
    await lead(first.slug, `https://${domain}/${second.slug}`);
    await lead(second.slug, `${ORIGIN}/s/${first.slug}`);

    const here = await appFetch(`/s/${first.slug}`);
    expect(here.status).toBe(404);
    expect(here.headers.get("Location")).toBeNull();
    const there = await onHost(domain, `/${second.slug}`);
    expect(there.status).toBe(404);
    expect(there.headers.get("Location")).toBeNull();
  });
});

describe("shared codes' public links", () => {
  async function sharedCode() {
    const owner = await person("premium");
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
    const shared = await appFetch("/dashboard", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: owner.cookie },
      body: new URLSearchParams({ id: String(id), intent: "visibility", public: "true" }),
    });
    expect(shared.status).toBe(303);
    return { owner, id };
  }

  it("carry an unguessable id; the numeric id answers only to the code's workspace", async () => {
    const { owner, id } = await sharedCode();
    const dashboard = textOf(
      await (await appFetch("/dashboard", { headers: { Cookie: owner.cookie } })).text(),
    );
    const link = /Share link: (\S+)/.exec(dashboard)?.[1];
    expect(link).toMatch(
      /^https:\/\/qr\.example\.com\/api\/qr-codes\/[A-Za-z0-9_-]{22}\/download\?format=png$/,
    );
    const path = new URL(link!).pathname + new URL(link!).search;
    expect((await appFetch(path)).status).toBe(200);

    const numeric = `/api/qr-codes/${id}/download?format=png`;
    expect((await appFetch(numeric)).status).toBe(404);
    const stranger = await person("premium");
    expect((await appFetch(numeric, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    const member = await appFetch(numeric, { headers: { Cookie: owner.cookie } });
    expect(member.status).toBe(200);
    expect(member.headers.get("Cache-Control")).toBe("private, no-cache");

    // Stopping sharing ends the public link; ids of another shape are a 404 too.
    await appFetch("/dashboard", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: owner.cookie },
      body: new URLSearchParams({ id: String(id), intent: "visibility", public: "false" }),
    });
    expect((await appFetch(path)).status).toBe(404);
    for (const odd of ["0", "01", "1e3", "abc", "x".repeat(80)]) {
      expect((await appFetch(`/api/qr-codes/${odd}/download`)).status, odd).toBe(404);
    }
  });

  it("are given to codes shared before, by the migration", async () => {
    const db = env.MIGRATION_TEST_DB;
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name < "0018"),
    );
    const t = Date.UTC(2026, 0, 1);
    await db.batch([
      db
        .prepare(
          "INSERT INTO users (id, email, first_name, provider, provider_id, created_at, updated_at) VALUES ('u1', 'u1@example.com', 'Ada', 'email', 'u1', ?, ?)",
        )
        .bind(t, t),
      ...[1, 2, 3, 4].map((n) =>
        db
          .prepare(
            `INSERT INTO qr_codes (id, user_id, type, data, customization, title, is_public, created_at, updated_at)
             VALUES (?, 'u1', 'text', '{"text":"x"}', '{"size":256,"fgColor":"#000000","bgColor":"#ffffff"}', ?, ?, ?, ?)`,
          )
          .bind(n, `Code ${n}`, n % 2, t, t),
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const { results } = await db
      .prepare("SELECT id, is_public, share_id FROM qr_codes ORDER BY id")
      .all<{ id: number; is_public: number; share_id: string | null }>();
    expect(results.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    for (const row of results) {
      if (row.is_public) expect(row.share_id).toMatch(/^[0-9a-f]{32}$/);
      else expect(row.share_id).toBeNull();
    }
    const [one, , three] = results;
    expect(one!.share_id).not.toBe(three!.share_id);
  });
});
