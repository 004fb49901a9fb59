import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { type WorkspaceRole, workspaceMembers, workspaces } from "../../app/db/schema";
import { textOf } from "../support/html";
import { cookieFrom } from "./accounts";
import { api, call, KEY, person, type Person } from "./api-client";
import { appFetch, ORIGIN } from "./app";
import { latestMail } from "./mail";
import { personalWorkspaceId } from "../../app/workspaces/personal";

// Issue #27 item 1: an API key acts with its maker's current membership and role. Removing,
// leaving or losing api.manage revokes the maker's keys of that workspace at once (audit entry,
// e-mail to the owner), and the key lookup checks the membership itself.

const db = createDatabase(env.DB);
const RECEIVER = env.FAKE_WEBHOOK_RECEIVER_URL;

/** A team workspace of `owner` with these members, set up in the database. */
async function team(owner: Person, members: [Person, WorkspaceRole][]) {
  const id = `ws_team_${crypto.randomUUID()}`;
  const now = new Date();
  await db.batch([
    db.insert(workspaces).values({ id, name: "Studio", ownerId: owner.id, createdAt: now }),
    db
      .insert(workspaceMembers)
      .values([
        { workspaceId: id, userId: owner.id, role: "owner", createdAt: now },
        ...members.map(([m, role]) => ({ workspaceId: id, userId: m.id, role, createdAt: now })),
      ]),
  ]);
  return id;
}

async function post(who: Person, path: string, fields: Record<string, string | string[]>) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  const response = await appFetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies },
    body: form,
  });
  const chosen = cookieFrom(response, "qr_workspace");
  if (chosen) who.cookies = `${who.cookies.replace(/; qr_workspace=[^;]*/, "")}; ${chosen}`;
  return response;
}

/** `who` works in `workspace` from now on and makes a key there with these scopes. */
async function keyIn(who: Person, workspace: string, scopes: string[]) {
  expect((await post(who, "/workspace/switch", { workspace, redirect: "/dashboard" })).status).toBe(
    303,
  );
  const made = await post(who, "/dashboard?tab=api", {
    workspace,
    intent: "create-key",
    name: "Nightly sync",
    scopes,
    expiresOn: "",
  });
  expect(made.status).toBe(200);
  return KEY.exec(await made.text())![0];
}

async function auditOf(workspace: string) {
  const { results } = await env.DB.prepare(
    "SELECT action, details FROM audit_events WHERE workspace_id = ? ORDER BY id",
  )
    .bind(workspace)
    .all<{ action: string; details: string | null }>();
  return results;
}

const hook = () => `${RECEIVER}/hooks/${crypto.randomUUID()}`;

describe("API keys and their maker's membership", () => {
  it("an admin's key stops the moment the owner removes the admin: 401, no new webhook", async () => {
    const owner = await person("ultimate");
    const admin = await person("free");
    const workspace = await team(owner, [[admin, "admin"]]);
    const key = await keyIn(admin, workspace, ["codes:read", "codes:write", "webhooks:write"]);
    expect((await call(key, "GET", "/qr-codes")).status).toBe(200);

    await post(owner, "/workspace/switch", { workspace, redirect: "/dashboard" });
    const removed = await post(owner, "/dashboard", {
      workspace,
      intent: "remove",
      member: admin.id,
    });
    expect(removed.status).toBe(303);

    const listed = await call(key, "GET", "/qr-codes");
    expect(listed.status).toBe(401);
    expect(listed.json.code).toBe("key_revoked");
    const webhook = await call(key, "POST", "/webhooks", {
      url: hook(),
      events: ["qr_code.scanned"],
    });
    expect(webhook.status).toBe(401);
    const endpoints = await env.DB.prepare(
      "SELECT count(*) AS n FROM webhook_endpoints WHERE workspace_id = ?",
    )
      .bind(workspace)
      .first<{ n: number }>();
    expect(endpoints!.n).toBe(0);

    // Revoked in D1, with an entry in the audit log, and the owner is told.
    const row = await env.DB.prepare("SELECT revoked_at FROM api_keys WHERE workspace_id = ?")
      .bind(workspace)
      .first<{ revoked_at: number | null }>();
    expect(row!.revoked_at).not.toBeNull();
    const revoked = (await auditOf(workspace)).find((entry) => entry.action === "api_key.revoked");
    expect(JSON.parse(revoked!.details!)).toMatchObject({
      name: "Nightly sync",
      email: admin.email,
      reason: "membership",
    });
    const log = textOf(
      await (await appFetch("/dashboard?tab=team", { headers: { Cookie: owner.cookies } })).text(),
    );
    expect(log).toContain(
      `revoked the API key “Nightly sync” of ${admin.email}, who no longer manages this workspace's keys`,
    );
    const mail = await latestMail(owner.email, /API keys of .* were revoked/);
    expect(mail?.text).toContain("“Nightly sync”");
    expect(mail?.text).toContain("was removed from the workspace");
  });

  it("webhook endpoints a removed admin added stop with them: no lasting feed of the workspace's events", async () => {
    const owner = await person("ultimate");
    const admin = await person("free");
    const workspace = await team(owner, [[admin, "admin"]]);
    // Planted before the removal, while the admin still could: a REST hook to their own server.
    const key = await keyIn(admin, workspace, ["codes:read", "webhooks:write"]);
    const planted = await call(key, "POST", "/webhooks", {
      url: hook(),
      events: ["qr_code.scanned", "qr_code.created"],
    });
    expect(planted.status).toBe(201);
    const ownKey = await keyIn(owner, workspace, ["webhooks:write"]);
    const ownHook = await call(ownKey, "POST", "/webhooks", {
      url: hook(),
      events: ["qr_code.created"],
    });
    expect(ownHook.status).toBe(201);

    const removed = await post(owner, "/dashboard", {
      workspace,
      intent: "remove",
      member: admin.id,
    });
    expect(removed.status).toBe(303);

    const { results } = await env.DB.prepare(
      "SELECT created_by, enabled, disabled_reason FROM webhook_endpoints WHERE workspace_id = ?",
    )
      .bind(workspace)
      .all<{ created_by: string; enabled: number; disabled_reason: string | null }>();
    const theirs = results.find((endpoint) => endpoint.created_by === admin.id);
    const ours = results.find((endpoint) => endpoint.created_by === owner.id);
    expect(theirs).toMatchObject({ enabled: 0 });
    expect(theirs!.disabled_reason).toContain("who is no longer a member");
    expect(ours).toMatchObject({ enabled: 1, disabled_reason: null });
    const mail = await latestMail(owner.email, /were revoked/);
    expect(mail?.text).toContain("webhook endpoint they added was disabled");
    // An owner or admin who knows the address can enable it again on the Integrations tab.
    const page = textOf(
      await (
        await appFetch("/dashboard?tab=integrations", { headers: { Cookie: owner.cookies } })
      ).text(),
    );
    expect(page).toContain("who is no longer a member");
  });

  it("a membership removed directly in D1 (no revoke path) is refused by the lookup itself", async () => {
    const owner = await person("ultimate");
    const admin = await person("free");
    const workspace = await team(owner, [[admin, "admin"]]);
    const key = await keyIn(admin, workspace, ["codes:read", "webhooks:write"]);
    // The cache of this isolate keeps a key at most KEY_CACHE_SECONDS: use it, then wait that out.
    expect((await call(key, "GET", "/qr-codes")).status).toBe(200);
    await env.DB.prepare("DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?")
      .bind(workspace, admin.id)
      .run();
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const refused = await call(key, "GET", "/qr-codes");
    expect(refused.status).toBe(401);
    expect(refused.json.detail).toContain("maker no longer manages this workspace's keys");
    // Not revoked in D1 (nothing ran), refused all the same.
    const row = await env.DB.prepare("SELECT revoked_at FROM api_keys WHERE workspace_id = ?")
      .bind(workspace)
      .first<{ revoked_at: number | null }>();
    expect(row!.revoked_at).toBeNull();
  });

  it("leaving, or becoming an editor, revokes the member's keys; other members' keys stay", async () => {
    const owner = await person("ultimate");
    const leaver = await person("free");
    const demoted = await person("free");
    const stays = await person("free");
    const workspace = await team(owner, [
      [leaver, "admin"],
      [demoted, "admin"],
      [stays, "admin"],
    ]);
    const leaverKey = await keyIn(leaver, workspace, ["codes:read"]);
    const demotedKey = await keyIn(demoted, workspace, ["codes:read"]);
    const staysKey = await keyIn(stays, workspace, ["codes:read"]);

    expect((await post(leaver, "/dashboard", { workspace, intent: "leave" })).status).toBe(303);
    await post(owner, "/workspace/switch", { workspace, redirect: "/dashboard" });
    const changed = await post(owner, "/dashboard", {
      workspace,
      intent: "change-role",
      member: demoted.id,
      role: "editor",
    });
    expect(changed.status).toBe(303);

    expect((await api(leaverKey, "GET", "/qr-codes")).status).toBe(401);
    expect((await api(demotedKey, "GET", "/qr-codes")).status).toBe(401);
    expect((await api(staysKey, "GET", "/qr-codes")).status).toBe(200);
    expect(await latestMail(owner.email, /API keys of .* were revoked/)).toBeDefined();

    // Made an admin again, the member manages keys again; the revoked key stays revoked.
    const restored = await post(owner, "/dashboard", {
      workspace,
      intent: "change-role",
      member: demoted.id,
      role: "admin",
    });
    expect(restored.status).toBe(303);
    expect((await api(demotedKey, "GET", "/qr-codes")).status).toBe(401);
  });

  it("transferring ownership keeps the new owner's keys and the former owner's (an admin manages keys)", async () => {
    const owner = await person("ultimate");
    const heir = await person("ultimate");
    const workspace = await team(owner, [[heir, "admin"]]);
    const ownerKey = await keyIn(owner, workspace, ["codes:read"]);
    const heirKey = await keyIn(heir, workspace, ["codes:read"]);
    const moved = await post(owner, "/dashboard", {
      workspace,
      intent: "transfer",
      member: heir.id,
    });
    expect(moved.status).toBe(303);
    expect((await api(ownerKey, "GET", "/qr-codes")).status).toBe(200);
    expect((await api(heirKey, "GET", "/qr-codes")).status).toBe(200);
  });
});

describe("API keys on a plan without the API", () => {
  it("a Free account cannot create a key it could not use; the tab shows the upgrade instead", async () => {
    const free = await person("free");
    const workspace = personalWorkspaceId(free.id);
    const tab = textOf(
      await (await appFetch("/dashboard?tab=api", { headers: { Cookie: free.cookies } })).text(),
    );
    expect(tab).toContain("The API is part of the Ultimate plan; this workspace is on Free.");
    expect(tab).toContain("Upgrade to Ultimate");
    expect(tab).not.toContain("Create a key");

    const refused = await post(free, "/dashboard?tab=api", {
      workspace,
      intent: "create-key",
      name: "Sneaky",
      scopes: ["codes:read"],
      expiresOn: "",
    });
    expect(refused.status).toBe(303);
    const flash = cookieFrom(refused, "qr_flash");
    const page = textOf(
      await (
        await appFetch(refused.headers.get("Location")!, {
          headers: { Cookie: `${free.cookies}; ${flash}` },
        })
      ).text(),
    );
    expect(page).toContain("Key not created");
    expect(page).toContain(
      "The API is part of the Ultimate plan, and this workspace is on Free. Upgrade on the Plans tab to create keys.",
    );
    expect(refused.headers.get("Location")).toBe("/dashboard?tab=api");
    const keys = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE workspace_id = ?")
      .bind(workspace)
      .first<{ n: number }>();
    expect(keys!.n).toBe(0);
  });
});
