import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { WebhookMessage } from "../../app/webhooks/emit.server";
import { deliverWebhookBatch } from "../../app/webhooks/deliver.server";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { makeKey } from "./api-client";
import { appFetch, generate, ORIGIN } from "./app";
import { activeDomain, onHost, saveTracked } from "./domains";
import { landOn, pageText, postForm } from "./forms";
import { latestMail } from "./mail";
import { type Person, signUp, staffMember, unverifiedStaff } from "./staff";

// Staff lookup and workspace suspension (issue #31): staff find a person or a workspace by what
// a complaint names (an address, a domain, a short link), suspend the workspace with a reason,
// and lift it again. While suspended its links, keys, downloads and changes stop; nothing is
// deleted, and lifting restores it all.

const get = (path: string, cookie?: string) =>
  appFetch(path, cookie ? { headers: { Cookie: cookie } } : {});

const lookupText = async (query: string, cookie: string) =>
  textOf(await (await get(`/staff/lookup?q=${encodeURIComponent(query)}`, cookie)).text());

const workspacePage = (id: string) => `/staff/workspaces/${encodeURIComponent(id)}`;

async function suspend(staff: Person, workspaceId: string, reason: string) {
  const response = await postForm(
    workspacePage(workspaceId),
    { intent: "suspend", reason },
    staff.cookie,
  );
  expect(response.status, await response.clone().text()).toBe(303);
  return landOn(response, staff.cookie);
}

async function lift(staff: Person, workspaceId: string) {
  const response = await postForm(workspacePage(workspaceId), { intent: "lift" }, staff.cookie);
  expect(response.status).toBe(303);
  return landOn(response, staff.cookie);
}

/** The API key's call that lists codes, with its answer. */
async function listCodes(key: string) {
  const response = await appFetch("/api/v1/qr-codes", {
    headers: { Authorization: `Bearer ${key}` },
  });
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    body: await response.json<Record<string, unknown>>(),
  };
}

/** Puts `member` into `workspaceId` with `role`, as an accepted invitation would. */
async function join(member: Person, workspaceId: string, role: "admin" | "editor") {
  await env.DB.prepare(
    "INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
  )
    .bind(workspaceId, member.id, role, Date.now())
    .run();
}

/** Makes `workspaceId` the member's current one; returns the cookies to act there with. */
async function enter(member: Person, workspaceId: string): Promise<string> {
  const response = await postForm(
    "/workspace/switch",
    { workspace: workspaceId, redirect: "/dashboard" },
    member.cookie,
  );
  expect(response.status).toBe(303);
  const chosen = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith("qr_workspace="));
  return `${member.cookie}; ${chosen}`;
}

/** Saves a plain text code from the generator's form in the current workspace. */
function saveText(cookie: string, text: string) {
  return appFetch("/?index", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie },
    body: new URLSearchParams({
      type: "text",
      text,
      size: "256",
      fg: "000000",
      bg: "ffffff",
      title: text,
    }),
  });
}

describe("the staff lookup", () => {
  it("is the ordinary 404 for visitors, customers and the unverified staff address", async () => {
    const customer = await signUp("ultimate");
    const unverified = await unverifiedStaff();
    const workspace = personalWorkspaceId(customer.id);
    for (const path of [`/staff/lookup?q=${customer.email}`, workspacePage(workspace)]) {
      expect((await get(path)).status).toBe(404);
      expect((await get(path, customer.cookie)).status).toBe(404);
      expect((await get(path, unverified.cookie)).status).toBe(404);
    }
    for (const cookie of [customer.cookie, unverified.cookie]) {
      const response = await postForm(
        workspacePage(workspace),
        { intent: "suspend", reason: "x" },
        cookie,
      );
      expect(response.status).toBe(404);
    }
    const row = await env.DB.prepare("SELECT suspended_at FROM workspaces WHERE id = ?")
      .bind(workspace)
      .first<{ suspended_at: number | null }>();
    expect(row!.suspended_at).toBeNull();
  });

  it("finds a person by their whole address or its start, with their sign-in methods and workspaces", async () => {
    const staff = await staffMember();
    const ada = await signUp("premium");
    for (const query of [ada.email, ada.email.toUpperCase(), ada.email.slice(0, 12)]) {
      const text = await lookupText(query, staff.cookie);
      expect(text, query).toContain(ada.email);
      expect(text).toContain("Not confirmed");
      expect(text).toContain("Signs in with Password");
      expect(text).toContain("Ada Lovelace's workspace (owner)");
      expect(text).toContain("Plan Premium");
      expect(text).toContain("State Active");
    }
    const response = await get(`/staff/lookup?q=${ada.email}`, staff.cookie);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect(await lookupText("nobody-at-all@example.org", staff.cookie)).toContain(
      "Nothing matches",
    );
    // LIKE's wildcards are taken literally: "%" matches no one.
    expect(await lookupText("%%%", staff.cookie)).toContain("Nothing matches");
  });

  it("finds a workspace by its custom domain, a short link or its slug, and its id", async () => {
    const staff = await staffMember();
    const owner = await signUp("premium");
    const workspace = personalWorkspaceId(owner.id);
    await activeDomain(owner, "go.lookup-bakery.test");
    const { code } = await saveTracked(owner, "https://example.com/lookup-menu");
    for (const query of [
      "go.lookup-bakery.test",
      "GO.Lookup-Bakery.test",
      code!.slug,
      `${ORIGIN}/s/${code!.slug}`,
      workspace,
    ]) {
      const text = await lookupText(query, staff.cookie);
      expect(text, query).toContain(owner.email);
      expect(text).toContain("go.lookup-bakery.test (active)");
      expect(text).toContain("Codes 1");
      expect(text).toContain("Members 1");
    }
  });
});

describe("suspending a workspace", () => {
  it("needs a reason, said in a 400, and refuses cross-site posts", async () => {
    const staff = await staffMember();
    const owner = await signUp("free");
    const workspace = personalWorkspaceId(owner.id);
    const empty = await postForm(
      workspacePage(workspace),
      { intent: "suspend", reason: "  " },
      staff.cookie,
    );
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain("Give the reason");
    const crossSite = await appFetch(workspacePage(workspace), {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: staff.cookie },
      body: new URLSearchParams({ intent: "suspend", reason: "Phishing" }),
    });
    expect(crossSite.status).toBe(403);
    const unknown = await postForm(
      workspacePage("ws_nobody"),
      { intent: "suspend", reason: "x" },
      staff.cookie,
    );
    expect(unknown.status).toBe(404);
    const row = await env.DB.prepare("SELECT suspended_at FROM workspaces WHERE id = ?")
      .bind(workspace)
      .first<{ suspended_at: number | null }>();
    expect(row!.suspended_at).toBeNull();
  });

  it("stops its links (warm edge copy and custom domain too), keys, downloads and changes; lifting restores them", async () => {
    const staff = await staffMember();
    const owner = await signUp("ultimate");
    const admin = await signUp("premium");
    const workspace = personalWorkspaceId(owner.id);
    await join(admin, workspace, "admin");
    await activeDomain(owner, "go.suspended-shop.test");
    const { code } = await saveTracked(owner, "https://example.com/shop");
    const { code: onDomain } = await saveTracked(
      owner,
      "https://example.com/shop-domain",
      (await env.DB.prepare("SELECT id FROM custom_domains WHERE hostname = ?")
        .bind("go.suspended-shop.test")
        .first<{ id: string }>())!.id,
    );
    const key = await makeKey({ ...owner, cookies: owner.cookie });
    const shared = `/api/qr-codes/${code!.id}/download?format=png`;

    // Everything works, and the short link's edge copy is warm.
    expect((await get(`/s/${code!.slug}`)).status).toBe(302);
    expect((await get(`/s/${code!.slug}`)).headers.get("Location")).toBe(
      "https://example.com/shop",
    );
    expect((await onHost("go.suspended-shop.test", `/${onDomain!.slug}`)).status).toBe(302);
    expect((await listCodes(key)).status).toBe(200);
    expect((await get(shared, owner.cookie)).status).toBe(200);

    const after = await suspend(staff, workspace, "Phishing pages reported by a bank");
    expect(after).toContain("Workspace suspended");
    expect(after).toContain("Suspended since");
    expect(after).toContain("Phishing pages reported by a bank");
    expect(after).toContain("workspace.suspended");

    // Scanners: the plain page, at once (the warm copy was dropped), on both hosts.
    for (const scan of [
      await get(`/s/${code!.slug}`),
      await onHost("go.suspended-shop.test", `/${onDomain!.slug}`),
      await onHost("go.suspended-shop.test", `/s/${onDomain!.slug}`),
    ]) {
      expect(scan.status).toBe(403);
      expect(scan.headers.get("Location")).toBeNull();
      expect(scan.headers.get("Cache-Control")).toContain("no-store");
      const text = textOf(await scan.text());
      expect(text).toContain("This link is unavailable");
      expect(text).not.toContain("example.com/shop");
    }
    // Again: a stopped link is never kept, so each scan reads it afresh.
    expect((await get(`/s/${code!.slug}`)).status).toBe(403);

    // API callers: a 403 problem saying why and whom to ask.
    const refused = await listCodes(key);
    expect(refused.status).toBe(403);
    expect(refused.type).toBe("application/problem+json");
    expect(refused.body.code).toBe("workspace_suspended");
    expect(refused.body.detail).toContain("suspended");
    expect(refused.body.detail).toContain("Phishing pages reported by a bank");
    expect(refused.body.detail).toContain("contact support");

    // Downloads, by members and by share link.
    const download = await get(shared, owner.cookie);
    expect(download.status).toBe(403);
    expect(await download.text()).toContain("suspended");

    // Members see why on every page, with the way to support, and cannot change anything.
    const dashboard = await pageText("/dashboard", owner.cookie);
    expect(dashboard).toContain(
      "This workspace is suspended: Phishing pages reported by a bank — contact support",
    );
    expect(await (await get("/dashboard", owner.cookie)).text()).toContain('href="/support"');
    for (const [path, fields] of [
      [
        "/?index",
        { type: "text", text: "new", size: "256", fg: "000000", bg: "ffffff", title: "new" },
      ],
      ["/dashboard", { workspace, intent: "rename-workspace", name: "Renamed" }],
      [
        "/dashboard?tab=api",
        { workspace, intent: "create-key", name: "Another", scopes: "codes:read" },
      ],
      ["/bulk", { intent: "check" }],
    ] as const) {
      const response = await postForm(path, fields, owner.cookie);
      expect(response.status, path).toBe(403);
      expect(textOf(await response.text())).toContain("This workspace is suspended");
    }
    // Their account and support stay open.
    expect((await get("/account", owner.cookie)).status).toBe(200);
    expect((await get("/support", owner.cookie)).status).toBe(200);

    // The admin, in the suspended workspace, is refused too; in their own workspace all works.
    const inSuspended = await enter(admin, workspace);
    expect(await pageText("/dashboard", inSuspended)).toContain("This workspace is suspended");
    expect((await saveText(inSuspended, "refused")).status).toBe(403);
    const inOwn = await enter(admin, personalWorkspaceId(admin.id));
    expect(await pageText("/dashboard", inOwn)).not.toContain("This workspace is suspended");
    expect((await saveText(inOwn, "still works")).status).toBe(303);

    // The owner and the admin were e-mailed why, with the way to support, each naming the
    // workspace as they know it.
    expect((await latestMail(owner.email, /was suspended/))?.subject).toBe(
      "The workspace “Personal” was suspended",
    );
    expect((await latestMail(admin.email, /was suspended/))?.subject).toBe(
      "The workspace “Ada Lovelace's workspace” was suspended",
    );
    for (const address of [owner.email, admin.email]) {
      const mail = await latestMail(address, /was suspended/);
      expect(mail, address).toBeDefined();
      expect(mail!.text).toContain("Phishing pages reported by a bank");
      expect(mail!.links[0]).toMatch(/\/support$/);
    }

    // Nothing was deleted: lifting restores everything as it was.
    const lifted = await lift(staff, workspace);
    expect(lifted).toContain("Suspension lifted");
    expect(lifted).toContain("State Active");
    expect(lifted).toContain("workspace.suspension_lifted");
    const scan = await get(`/s/${code!.slug}`);
    expect(scan.status).toBe(302);
    expect(scan.headers.get("Location")).toBe("https://example.com/shop");
    const domainScan = await onHost("go.suspended-shop.test", `/${onDomain!.slug}`);
    expect(domainScan.headers.get("Location")).toBe("https://example.com/shop-domain");
    expect((await listCodes(key)).status).toBe(200);
    expect((await get(shared, owner.cookie)).status).toBe(200);
    expect(await pageText("/dashboard", owner.cookie)).not.toContain("This workspace is suspended");
    expect((await saveText(owner.cookie, "after the lift")).status).toBe(303);
    for (const address of [owner.email, admin.email]) {
      expect(await latestMail(address, /suspension of .* was lifted/), address).toBeDefined();
    }

    // The staff audit log records both, with who and why.
    const audit = textOf(await (await get("/staff/audit", staff.cookie)).text());
    expect(audit).toContain(`workspace.suspended`);
    expect(audit).toContain(`workspace.suspension_lifted`);
    expect(audit).toContain(`workspace ${workspace}`);
    expect(audit).toContain("Phishing pages reported by a bank");
  });
});

describe("a suspended workspace's background work", () => {
  /** Runs the webhook queue's consumer on one event for `endpointId`; what became of it. */
  async function deliver(endpointId: string) {
    const body: WebhookMessage = {
      endpointId,
      eventId: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
      type: "qr_code.created",
      payload: JSON.stringify({ type: "qr_code.created", data: { id: 1 } }),
    };
    const batch = createMessageBatch<WebhookMessage>("qr-code-creator-webhooks", [
      { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body },
    ]);
    await deliverWebhookBatch(batch, env.DB);
    await getQueueResult(batch, createExecutionContext());
    const row = await env.DB.prepare(
      "SELECT count(*) AS n FROM webhook_deliveries WHERE event_id = ?",
    )
      .bind(body.eventId)
      .first<{ n: number }>();
    return row!.n;
  }

  it("sends no webhooks and starts nothing from the app's JSON endpoints until lifted", async () => {
    const staff = await staffMember();
    const owner = await signUp("ultimate");
    const workspace = personalWorkspaceId(owner.id);
    const url = `${env.FAKE_WEBHOOK_RECEIVER_URL}/hook/suspended-${crypto.randomUUID().slice(0, 8)}`;
    const added = await postForm(
      "/dashboard?tab=integrations",
      { workspace, intent: "add-endpoint", url, events: "qr_code.created" },
      owner.cookie,
    );
    expect(added.status).toBe(200);
    const endpoint = (await env.DB.prepare("SELECT id FROM webhook_endpoints WHERE url = ?")
      .bind(url)
      .first<{ id: string }>())!.id;

    await suspend(staff, workspace, "Unpaid chargebacks");
    // An event queued before the suspension is dropped, not sent.
    expect(await deliver(endpoint)).toBe(0);
    const saved = await generate(
      { type: "text", text: "json", save: "true", title: "json" },
      { cookie: owner.cookie },
    );
    expect(saved.status).toBe(403);
    expect(await saved.text()).toContain("This workspace is suspended: Unpaid chargebacks");

    await lift(staff, workspace);
    expect(await deliver(endpoint)).toBe(1);
  });
});
