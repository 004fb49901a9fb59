import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { KEY_CACHE_SECONDS } from "../../app/api/key-cache.server";
import { OPERATIONS } from "../../app/api/operations";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { decodeEntities, textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { documented, openApi } from "./api-contract";
import { cookieFrom } from "./accounts";
import { type Answer, api, apiTabPost, call, KEY, makeKey, person } from "./api-client";
import { appFetch, ORIGIN } from "./app";
import { seedScans } from "./scan-rollups";

// The public API (issue #16), as a customer's server uses it: keys made on the dashboard's API
// tab, then /api/v1 with Bearer keys. Every answer is checked against the OpenAPI document.

const menu = { type: "url", data: { url: "https://example.com/menu" }, title: "Menu" };

async function setPlan(userId: string, plan: "free" | "ultimate") {
  await env.DB.prepare(
    "UPDATE users SET subscription_plan = ?, is_trial_active = ?, subscription_status = ? WHERE id = ?",
  )
    .bind(plan, plan === "ultimate" ? 1 : 0, plan === "ultimate" ? "trialing" : "inactive", userId)
    .run();
}

describe("API keys on the dashboard", () => {
  it("an owner makes a key that is shown once, stored only as a hash, and listed by its last four characters", async () => {
    const owner = await person();
    const response = await apiTabPost(owner, {
      intent: "create-key",
      name: "Print pipeline",
      scopes: ["codes:read", "codes:write"],
      expiresOn: "",
    });
    const page = await response.text();
    expect(textOf(page)).toContain("Copy your new key now");
    const key = KEY.exec(page)![0];

    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE workspace_id = ?")
      .bind(personalWorkspaceId(owner.id))
      .first<Record<string, unknown>>();
    expect(Object.values(row!)).not.toContain(key);
    expect(row).toMatchObject({
      name: "Print pipeline",
      last_four: key.slice(-4),
      created_by: owner.id,
    });
    expect(JSON.parse(String(row!.scopes))).toEqual(["codes:read", "codes:write"]);

    const later = await appFetch("/dashboard?tab=api", { headers: { Cookie: owner.cookies } });
    const listed = await later.text();
    expect(listed).not.toMatch(KEY);
    const text = textOf(listed);
    expect(text).toContain(`qrc_…${key.slice(-4)}`);
    expect(text).toContain("codes:read, codes:write");
    expect(text).toContain("Created by Ada Lovelace");
    expect(text).toContain("last used Never");
  });

  it("says what is wrong with the form, and editors and viewers cannot make keys", async () => {
    const owner = await person();
    for (const [fields, message] of [
      [{ name: " ", scopes: ["codes:read"] }, "Give the key a name"],
      [{ name: "No scopes" }, "Choose at least one scope."],
      [
        { name: "Old", scopes: ["codes:read"], expiresOn: "2020-01-01" },
        "Choose an expiry date after today.",
      ],
      [{ name: "Odd", scopes: ["admin:all"] }, "Choose scopes from the list."],
    ] as [Record<string, string | string[]>, string][]) {
      const response = await apiTabPost(owner, { intent: "create-key", ...fields });
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain(message);
    }
    const { results } = await env.DB.prepare("SELECT id FROM api_keys WHERE workspace_id = ?")
      .bind(personalWorkspaceId(owner.id))
      .all();
    expect(results).toHaveLength(0);

    const editor = await person("free");
    await env.DB.prepare(
      "INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES (?, ?, 'editor', ?)",
    )
      .bind(personalWorkspaceId(owner.id), editor.id, Date.now())
      .run();
    const switched = await appFetch("/workspace/switch", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: editor.cookies },
      body: new URLSearchParams({
        workspace: personalWorkspaceId(owner.id),
        redirect: "/dashboard?tab=api",
      }),
    });
    editor.cookies = `${editor.cookies}; ${cookieFrom(switched, "qr_workspace")}`;
    const refused = await apiTabPost(
      editor,
      { intent: "create-key", name: "Mine", scopes: ["codes:read"] },
      personalWorkspaceId(owner.id),
    );
    expect(refused.status).toBe(403);
    const tab = await appFetch("/dashboard?tab=api", { headers: { Cookie: editor.cookies } });
    expect(textOf(await tab.text())).toContain(
      "Only the workspace’s owner and admins can see and manage its API keys.",
    );
  });

  it("allows 20 working keys per workspace; revoking one makes room", async () => {
    const owner = await person();
    const workspace = personalWorkspaceId(owner.id);
    const now = Date.now();
    const statements = Array.from({ length: 20 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO api_keys (id, workspace_id, created_by, name, token_hash, last_four, scopes, created_at) VALUES (?, ?, ?, ?, ?, 'abcd', '[\"codes:read\"]', ?)",
      ).bind(
        `key_full_${workspace}_${i}`,
        workspace,
        owner.id,
        `Key ${i}`,
        `hash-${workspace}-${i}`,
        now + i,
      ),
    );
    await env.DB.batch(statements);
    const full = await apiTabPost(owner, {
      intent: "create-key",
      name: "One more",
      scopes: ["codes:read"],
    });
    expect(full.status).toBe(303);
    const landing = await appFetch(full.headers.get("Location")!, {
      headers: { Cookie: `${owner.cookies}; ${cookieFrom(full, "qr_flash") ?? ""}` },
    });
    expect(textOf(await landing.text())).toContain(
      "This workspace has 20 keys, the most it can have.",
    );

    const revoked = await apiTabPost(owner, {
      intent: "revoke-key",
      key: `key_full_${workspace}_3`,
    });
    expect(revoked.status).toBe(303);
    await makeKey(owner, { name: "Room again" });
  });
});

describe("authentication", () => {
  it("answers 401 problem+json without a key, with a malformed one, an unknown one, a revoked one and an expired one", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const missing = await call(null, "GET", "/usage");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("Content-Type")).toBe("application/problem+json");
    expect(missing.json).toMatchObject({
      type: `${ORIGIN}/docs/api#error-unauthorized`,
      title: "Authentication required",
      status: 401,
      code: "unauthorized",
    });
    expect(missing.json.detail).toContain("Authorization: Bearer qrc_");
    expect((await call("sk_live_123", "GET", "/usage")).json.code).toBe("unauthorized");
    expect((await call(`qrc_${"x".repeat(40)}`, "GET", "/usage")).json.detail).toContain(
      "not known",
    );

    expect((await call(key, "GET", "/usage")).status).toBe(200);
    const expiring = await makeKey(owner, { name: "Expiring" });
    await env.DB.prepare(
      "UPDATE api_keys SET expires_at = ? WHERE last_four = ? AND name = 'Expiring'",
    )
      .bind(Date.now() - 1000, expiring.slice(-4))
      .run();
    const expired = await call(expiring, "GET", "/usage");
    expect(expired.status).toBe(401);
    expect(expired.json.code).toBe("key_expired");

    const other = await makeKey(owner, { name: "Second" });
    const id = await env.DB.prepare(
      "SELECT id FROM api_keys WHERE last_four = ? AND name = 'Second'",
    )
      .bind(other.slice(-4))
      .first<{ id: string }>();
    await apiTabPost(owner, { intent: "revoke-key", key: id!.id });
    const revoked = await call(other, "GET", "/usage");
    expect(revoked.status).toBe(401);
    expect(revoked.json.code).toBe("key_revoked");
  });

  it("a workspace below Ultimate gets 403 plan_required; the key works again within 5 seconds of an upgrade", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    await setPlan(owner.id, "free");
    const refused = await call(key, "GET", "/qr-codes");
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("plan_required");
    expect(refused.json.detail).toContain("The key is kept");
    await setPlan(owner.id, "ultimate");
    // Keys are remembered per isolate for KEY_CACHE_SECONDS (app/api/key-cache.server.ts).
    await new Promise((done) => setTimeout(done, KEY_CACHE_SECONDS * 1000 + 100));
    expect((await call(key, "GET", "/qr-codes")).status).toBe(200);
  });

  it("a key without the scope gets 403 insufficient_scope and changes nothing", async () => {
    const owner = await person();
    const reader = await makeKey(owner, { scopes: ["codes:read"] });
    const created = await call(reader, "POST", "/qr-codes", menu);
    expect(created.status).toBe(403);
    expect(created.json).toMatchObject({ code: "insufficient_scope" });
    expect(created.json.detail).toContain("codes:write");
    expect((await call(reader, "GET", "/qr-codes")).json.data).toEqual([]);
    const writer = await makeKey(owner, { scopes: ["codes:write"] });
    const { json } = await call(writer, "POST", "/qr-codes", menu);
    expect((await call(writer, "GET", `/qr-codes/${json.id}/analytics`)).json.code).toBe(
      "insufficient_scope",
    );
  });

  it("notes when a key was last used, at most once a minute", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const lastUsed = () =>
      env.DB.prepare("SELECT last_used_at AS at FROM api_keys WHERE last_four = ?")
        .bind(key.slice(-4))
        .first<{ at: number | null }>();
    expect((await lastUsed())!.at).toBeNull();
    await call(key, "GET", "/usage");
    const first = (await lastUsed())!.at;
    expect(first).toBeGreaterThan(Date.now() - 10_000);
    await call(key, "GET", "/usage");
    expect((await lastUsed())!.at).toBe(first);
  });

  it("limits each key to 300 requests a minute, then answers 429 with Retry-After", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    let limited: Response | undefined;
    // The limiter counts in fixed one-minute windows: should the loop straddle two, one of them
    // still sees 300 by the 601st request.
    for (let i = 0; i < 620 && !limited; i++) {
      const response = await api(key, "GET", "/usage");
      if (response.status === 429) limited = response;
    }
    expect(limited).toBeDefined();
    expect(limited!.headers.get("Retry-After")).toBe("60");
    const { json } = await documented("GET", "/api/v1/usage", limited!);
    expect(json).toMatchObject({ code: "rate_limited", status: 429 });
    // Another key of the same workspace has its own budget.
    expect((await call(await makeKey(owner, { name: "Other" }), "GET", "/usage")).status).toBe(200);
  });
});

describe("images", () => {
  it("makes a PNG or an SVG with the generator's rules, without saving anything", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const png = await call(key, "POST", "/images", {
      type: "wifi",
      data: { ssid: "Cafe Guest", password: "espresso123", encryption: "WPA" },
      customization: { size: 512 },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect((await decodeSingleQr(png.bytes!)).text).toBe("WIFI:T:WPA;S:Cafe Guest;P:espresso123;;");

    const svg = await call(
      key,
      "POST",
      "/images",
      { type: "text", data: { text: "Table 12" } },
      { Accept: "image/svg+xml" },
    );
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(new TextDecoder().decode(svg.bytes)).toMatch(/^<svg/);
    expect(
      (await call(key, "POST", "/images", { ...menu, format: "svg" })).headers.get("Content-Type"),
    ).toBe("image/svg+xml");
    const { results } = await env.DB.prepare("SELECT id FROM qr_codes WHERE workspace_id = ?")
      .bind(personalWorkspaceId(owner.id))
      .all();
    expect(results).toHaveLength(0);
  });

  it("says what is wrong, field by field, in the generator's words", async () => {
    const key = await makeKey(await person());
    const cases: [unknown, string, string][] = [
      [
        { type: "url", data: { url: "not a url" } },
        "data.url",
        "Enter a valid web address, like https://example.com",
      ],
      [{ type: "url", data: {} }, "data.url", "Enter a website address"],
      [{ type: "fax", data: {} }, "type", "Choose one of the seven code types"],
      [
        {
          type: "text",
          data: { text: "hi" },
          customization: { fgColor: "#ffffff", bgColor: "#ffffff" },
        },
        "customization.fgColor",
        "contrast",
      ],
      [
        { type: "text", data: { text: "hi" }, customization: { size: 300 } },
        "customization.size",
        "Choose a size of 256, 512, 1024 or 2048 pixels.",
      ],
      [{ type: "text", data: { text: "x".repeat(4000) } }, "data", "too long"],
    ];
    for (const [body, field, message] of cases) {
      const { status, json } = await call(key, "POST", "/images", body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(json.code).toBe("invalid_request");
      const error = (json.errors as { field: string; message: string }[]).find(
        (e) => e.field === field,
      );
      expect(error?.message, field).toContain(message);
    }
    const notJson = await api(key, "POST", "/images", undefined, { "Content-Type": "text/plain" });
    expect((await documented("POST", "/api/v1/images", notJson)).json!.code).toBe(
      "unsupported_media_type",
    );
    const broken = await appFetch("/api/v1/images", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: "{nope",
    });
    expect((await documented("POST", "/api/v1/images", broken)).json!.detail).toBe(
      "The request body is not valid JSON.",
    );
    const unacceptable = await call(key, "POST", "/images", menu, { Accept: "application/json" });
    expect(unacceptable.status).toBe(406);
  });
});

describe("saved codes", () => {
  it("saves, reads, changes, draws, counts and deletes a tracked code", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const created = await call(key, "POST", "/qr-codes", {
      ...menu,
      customization: { size: 256 },
      trackScans: true,
    });
    expect(created.status).toBe(201);
    const code = created.json;
    expect(created.headers.get("Location")).toBe(`${ORIGIN}/api/v1/qr-codes/${code.id}`);
    expect(code).toMatchObject({
      title: "Menu",
      type: "url",
      data: { url: "https://example.com/menu" },
      public: false,
      createdBy: owner.email,
      imageUrls: { png: `${ORIGIN}/api/v1/qr-codes/${code.id}/image?format=png` },
    });
    expect(code.trackedLink.url).toBe(`${ORIGIN}/s/${code.trackedLink.slug}`);

    expect((await call(key, "GET", `/qr-codes/${code.id}`)).json).toEqual(code);
    const changed = await call(key, "PATCH", `/qr-codes/${code.id}`, {
      title: "Terrace menu",
      public: true,
    });
    expect(changed.json).toMatchObject({ title: "Terrace menu", public: true });
    // Shared, it has a public link with an unguessable id (issue #27), on APP_URL.
    expect(changed.json.shareUrl).toMatch(
      new RegExp(`^${ORIGIN}/api/qr-codes/[A-Za-z0-9_-]{22}/download\\?format=png$`),
    );
    const empty = await call(key, "PATCH", `/qr-codes/${code.id}`, {});
    expect(empty.json.detail).toBe("Send title, public, destination, or several of them.");

    const image = await call(key, "GET", `/qr-codes/${code.id}/image?size=512`);
    expect((await decodeSingleQr(image.bytes!)).text).toBe(code.trackedLink.url);
    const svg = await call(key, "GET", `/qr-codes/${code.id}/image?format=svg`);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect((await call(key, "GET", `/qr-codes/${code.id}/image?size=100`)).status).toBe(400);

    // Two scans today from Kenya on a phone; the image downloads above count as downloads.
    const today = new Date();
    await seedScans(code.id, [
      { at: today.getTime(), country: "KE", device: "mobile" },
      { at: today.getTime(), country: "KE", device: "mobile" },
    ]);
    const day = today.toISOString().slice(0, 10);
    const analytics = await call(
      key,
      "GET",
      `/qr-codes/${code.id}/analytics?from=${day}&to=${day}`,
    );
    expect(analytics.json).toMatchObject({
      codeId: code.id,
      from: day,
      to: day,
      totals: { scans: 2, downloads: 2 },
      daily: [{ date: day, scans: 2, downloads: 2 }],
      countries: [{ name: "KE", scans: 2 }],
      devices: [{ name: "mobile", scans: 2 }],
    });
    const month = await call(key, "GET", `/qr-codes/${code.id}/analytics`);
    expect(month.json.daily).toHaveLength(30);
    expect(month.json.to).toBe(day);
    const backwards = await call(
      key,
      "GET",
      `/qr-codes/${code.id}/analytics?from=2026-02-01&to=2026-01-01`,
    );
    expect(backwards.json.detail).toBe("from must be on or before to.");
    expect(
      (await call(key, "GET", `/qr-codes/${code.id}/analytics?from=2020-01-01`)).json.detail,
    ).toBe("Ask for at most 366 days at a time.");
    expect((await call(key, "GET", `/qr-codes/${code.id}/analytics?from=yesterday`)).status).toBe(
      400,
    );

    expect((await call(key, "DELETE", `/qr-codes/${code.id}`)).status).toBe(204);
    expect((await call(key, "GET", `/qr-codes/${code.id}`)).json.code).toBe("not_found");
    expect((await call(key, "DELETE", `/qr-codes/${code.id}`)).status).toBe(404);

    const log = await env.DB.prepare(
      "SELECT action, actor_id FROM audit_events WHERE workspace_id = ? ORDER BY id",
    )
      .bind(personalWorkspaceId(owner.id))
      .all<{ action: string; actor_id: string }>();
    // (Signing up for Ultimate started a trial: the plan change is logged first.)
    expect(log.results.map((entry) => entry.action)).toEqual([
      "plan.changed",
      "api_key.created",
      "code.created",
      "code.made_public",
      "code.deleted",
    ]);
    expect(new Set(log.results.map((entry) => entry.actor_id))).toEqual(new Set([owner.id]));
  });

  it("pages stay stable while codes are added, and every code comes exactly once", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push((await call(key, "POST", "/qr-codes", { ...menu, title: `Code ${i}` })).json.id);
    }
    const first = await call(key, "GET", "/qr-codes?limit=2");
    expect(first.json.data.map((c: { id: number }) => c.id)).toEqual([ids[4], ids[3]]);
    expect(first.json).toMatchObject({ hasMore: true, nextStartingAfter: ids[3] });
    // Two more saved while the client pages.
    await call(key, "POST", "/qr-codes", { ...menu, title: "Late 1" });
    await call(key, "POST", "/qr-codes", { ...menu, title: "Late 2" });
    const seen = [...first.json.data.map((c: { id: number }) => c.id)];
    let cursor = first.json.nextStartingAfter as number | null;
    while (cursor !== null) {
      const page = await call(key, "GET", `/qr-codes?limit=2&starting_after=${cursor}`);
      seen.push(...page.json.data.map((c: { id: number }) => c.id));
      cursor = page.json.nextStartingAfter;
    }
    expect(seen).toEqual([...ids].reverse());
    for (const bad of ["limit=0", "limit=101", "limit=ten", "starting_after=-1"]) {
      const { status, json } = await call(key, "GET", `/qr-codes?${bad}`);
      expect(status, bad).toBe(400);
      expect(json.errors[0].field).toBe(bad.split("=")[0]);
    }
  });

  it("never shows, changes or counts another workspace's code: 404, as for a code that does not exist", async () => {
    const mine = await makeKey(await person());
    const theirs = await makeKey(await person());
    const { json: code } = await call(theirs, "POST", "/qr-codes", menu);
    const nothing = await call(mine, "GET", "/qr-codes/999999999");
    for (const [method, path, body] of [
      ["GET", `/qr-codes/${code.id}`],
      ["PATCH", `/qr-codes/${code.id}`, { title: "Taken" }],
      ["DELETE", `/qr-codes/${code.id}`],
      ["GET", `/qr-codes/${code.id}/image`],
      ["GET", `/qr-codes/${code.id}/analytics`],
    ] as const) {
      const answer = await call(mine, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.json.code).toBe("not_found");
      expect(answer.json.title).toBe(nothing.json.title);
    }
    expect((await call(mine, "GET", "/qr-codes")).json.data).toEqual([]);
    expect((await call(theirs, "GET", `/qr-codes/${code.id}`)).json).toMatchObject({
      title: "Menu",
      downloads: 0,
    });
  });

  it("reports the plan, its limits and what is used", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    await call(key, "POST", "/qr-codes", menu);
    const { json } = await call(key, "GET", "/usage");
    expect(json).toEqual({
      workspace: { id: personalWorkspaceId(owner.id), name: "Personal" },
      plan: { id: "ultimate", name: "Ultimate" },
      limits: {
        savedCodes: null,
        seats: 25,
        analyticsRetentionDays: null,
        requestsPerMinute: 300,
        apiKeys: 20,
      },
      used: { savedCodes: 1, seats: 1, apiKeys: 1 },
    });
  });
});

describe("Idempotency-Key", () => {
  it("the same key and body within 24 hours returns the first answer; another body is refused with 422", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const headers = { "Idempotency-Key": "order-1234" };
    const first = await call(key, "POST", "/qr-codes", menu, headers);
    const again = await call(key, "POST", "/qr-codes", menu, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const { results } = await env.DB.prepare("SELECT id FROM qr_codes WHERE workspace_id = ?")
      .bind(personalWorkspaceId(owner.id))
      .all();
    expect(results).toHaveLength(1);

    const other = await call(key, "POST", "/qr-codes", { ...menu, title: "Other" }, headers);
    expect(other.status).toBe(422);
    expect(other.json.code).toBe("idempotency_key_reused");

    // A refusal is kept too, so a retry cannot turn into a save later.
    const invalid = { ...menu, data: { url: "nope" } };
    expect(
      (await call(key, "POST", "/qr-codes", invalid, { "Idempotency-Key": "bad" })).status,
    ).toBe(400);
    const images = await call(key, "POST", "/images", menu, { "Idempotency-Key": "img" });
    const imagesAgain = await call(key, "POST", "/images", menu, { "Idempotency-Key": "img" });
    expect(imagesAgain.bytes).toEqual(images.bytes);
    expect(imagesAgain.headers.get("Content-Type")).toBe("image/png");

    // After 24 hours the key may be used again.
    await env.DB.prepare(
      "UPDATE api_idempotency SET created_at = ? WHERE idempotency_key = 'order-1234'",
    )
      .bind(Date.now() - 25 * 60 * 60 * 1000)
      .run();
    expect(
      (await call(key, "POST", "/qr-codes", { ...menu, title: "Other" }, headers)).status,
    ).toBe(201);
  });
});

describe("the OpenAPI document", () => {
  it("names every route the API answers, and the API answers every route it names", async () => {
    const doc = await openApi();
    const documentedOperations = Object.entries(
      doc.paths as Record<string, Record<string, unknown>>,
    ).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = OPERATIONS.map(
      (operation) => `${operation.method.toUpperCase()} ${operation.path}`,
    );
    expect(documentedOperations.sort()).toEqual(served.sort());
    for (const entry of documentedOperations) {
      const [method, template] = entry.split(" ") as [string, string];
      const response = await api(null, method, template.replace("{id}", "1"));
      const body = await response.text();
      expect(body, entry).not.toContain('"code":"not_found"');
      expect(body, entry).not.toContain('"code":"method_not_allowed"');
    }
    for (const [method, path] of [
      ["GET", "/qr-code"],
      ["GET", "/qr-codes/1/visits"],
      ["PUT", "/qr-codes/1"],
      ["POST", "/usage"],
    ] as const) {
      const response = await api(null, method, path);
      expect(response.status, `${method} ${path}`).toBe(
        path === "/qr-codes/1" || path === "/usage" ? 405 : 404,
      );
      expect(response.headers.get("Content-Type")).toBe("application/problem+json");
    }
  });

  it("is OpenAPI 3.1 with the key scheme, served without a key and without CORS", async () => {
    const response = await appFetch("/api/v1/openapi.json", {
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const doc = await response.json<Answer>();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: `${ORIGIN}/api/v1` }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/images"].post.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ImageRequest",
    });
    const preflight = await appFetch("/api/v1/qr-codes", {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("the reference docs", () => {
  it("show a styled image request that the API answers with the very image shown, and it scans", async () => {
    const html = await (await appFetch("/docs/api")).text();
    expect(html).toContain('href="#styled-example"');
    const bodyText = /<code id="styled-example-body">([\s\S]*?)<\/code>/.exec(html)?.[1];
    const body = JSON.parse(decodeEntities(bodyText!)) as Record<string, unknown>;
    const customization = body.customization as Record<string, unknown>;
    // A styled example: design fields beyond size and colours.
    expect(customization).toMatchObject({ dotShape: "rounded", frame: "box" });
    expect(customization.gradient).toBeDefined();
    const src = decodeEntities(/<img id="styled-example-image" src="([^"]+)"/.exec(html)![1]!);
    const shown = decodeURIComponent(src.slice(src.indexOf(",") + 1));

    const key = await makeKey(await person());
    const svg = await call(key, "POST", "/images", body);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(new TextDecoder().decode(svg.bytes!)).toBe(shown);
    const png = await call(key, "POST", "/images", { ...body, format: "png" });
    expect(png.status).toBe(200);
    expect((await decodeSingleQr(png.bytes!)).text).toBe("https://example.com/menu");
  });

  it("show every operation with its parameters, answers and copyable examples, without JavaScript", async () => {
    const response = await appFetch("/docs/api");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    for (const operation of OPERATIONS) {
      expect(text).toContain(`${operation.method.toUpperCase()} /api/v1${operation.path}`);
      expect(html).toContain(`id="${operation.id}"`);
    }
    expect(text).toContain(`curl -X POST "${ORIGIN}/api/v1/qr-codes"`);
    expect(text).toContain("const response = await fetch(");
    expect(text).toContain("response = requests.post(");
    expect(text).toContain("That is why the API sends no CORS headers");
    expect(html).toContain('id="error-plan-required"');
    const help = await (await appFetch("/help")).text();
    expect(help).toMatch(/<a [^>]*href="\/docs\/api"[^>]*>API reference<\/a>/);
  });
});
