import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../../app/db/client.server";
import { workspaceMembers, workspaces } from "../../../app/db/schema";
import { type HostnameRelease, releaseQueuedHostnames } from "../../../app/domains/release.server";
import { personalWorkspaceId } from "../../../app/workspaces/personal";
import { cookieFrom, newPerson, signUp } from "../accounts";
import { appFetch, ORIGIN } from "../app";
import { readAnswer } from "../domains";
import { postForm } from "../forms";

// Issue #27 item 6: every path that ends a custom domain ends its hostname at Cloudflare too
// (here the local stand-in of tests/fakes/cloudflare-api.ts): deleting its workspace or its
// owner's account, and the cron that removes domains never verified within 7 days. When
// Cloudflare fails, the removal is retried through the domain queue.

const db = createDatabase(env.DB);
const DOMAINS_TAB = "/dashboard?tab=domains";

interface Owner {
  id: string;
  email: string;
  cookie: string;
}

async function owner(): Promise<Owner> {
  const details = { ...newPerson("hosts"), plan: "premium" as const };
  const { cookie, response } = await signUp(details);
  const { id } = await response.json<{ id: string }>();
  return { id, email: details.email, cookie };
}

/** What Cloudflare holds for `hostname` now (null: nothing). */
async function atCloudflare(hostname: string): Promise<{ id: string } | null> {
  const response = await fetch(`${env.FAKE_CLOUDFLARE_CONTROL_URL}/hostnames/${hostname}`);
  return response.status === 404 ? null : response.json<{ id: string }>();
}

async function outage(hostname: string, on: boolean) {
  const response = await fetch(`${env.FAKE_CLOUDFLARE_CONTROL_URL}/hostnames/${hostname}`, {
    method: "PUT",
    body: JSON.stringify({ outage: on }),
  });
  expect(response.status).toBe(200);
}

async function deletesAsked(hostname: string): Promise<number> {
  const response = await fetch(`${env.FAKE_CLOUDFLARE_CONTROL_URL}/calls?hostname=${hostname}`);
  const { calls } = await response.json<{ calls: { method: string }[] }>();
  return calls.filter((call) => call.method === "DELETE").length;
}

async function addDomainIn(who: Owner, workspace: string, hostname: string) {
  const response = await postForm(
    DOMAINS_TAB,
    { workspace, intent: "add-domain", hostname },
    who.cookie,
  );
  expect(await readAnswer({ id: who.id, cookie: who.cookie }, response)).toContain(
    `${hostname} added.`,
  );
  expect(await atCloudflare(hostname)).not.toBeNull();
}

/** A team workspace of `who`, chosen as their current one. */
async function teamOf(who: Owner): Promise<string> {
  const id = `ws_team_${crypto.randomUUID()}`;
  const now = new Date();
  await db.batch([
    db.insert(workspaces).values({ id, name: "Studio", ownerId: who.id, createdAt: now }),
    db
      .insert(workspaceMembers)
      .values({ workspaceId: id, userId: who.id, role: "owner", createdAt: now }),
  ]);
  const switched = await postForm(
    "/workspace/switch",
    { workspace: id, redirect: "/dashboard" },
    who.cookie,
  );
  who.cookie = `${who.cookie}; ${cookieFrom(switched, "qr_workspace")}`;
  return id;
}

async function deleteWorkspace(who: Owner, workspace: string) {
  const response = await postForm(
    "/dashboard",
    { workspace, intent: "delete-workspace", confirm: "Studio" },
    who.cookie,
  );
  expect(response.status).toBe(303);
  expect(
    await env.DB.prepare("SELECT id FROM workspaces WHERE id = ?").bind(workspace).first(),
  ).toBeNull();
}

const worker = exports.default as unknown as {
  scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
};

describe("hostnames end at Cloudflare with their domain", () => {
  it("deleting a team workspace removes its hostname; the real owner can add it again", async () => {
    const squatter = await owner();
    const team = await teamOf(squatter);
    await addDomainIn(squatter, team, "qr.release-team.test");
    await deleteWorkspace(squatter, team);
    expect(await atCloudflare("qr.release-team.test")).toBeNull();

    const realOwner = await owner();
    await addDomainIn(realOwner, personalWorkspaceId(realOwner.id), "qr.release-team.test");
  });

  it("deleting an account removes the hostnames of its workspaces", async () => {
    const leaver = await owner();
    await addDomainIn(leaver, personalWorkspaceId(leaver.id), "go.release-account.test");
    const deleted = await postForm(
      "/account",
      { intent: "delete", confirmEmail: leaver.email, currentPassword: newPerson().password },
      leaver.cookie,
    );
    expect(deleted.status).toBe(303);
    expect(await atCloudflare("go.release-account.test")).toBeNull();
  });

  it("when Cloudflare fails, the removal is queued and retried until Cloudflare lets go", async () => {
    const who = await owner();
    const team = await teamOf(who);
    await addDomainIn(who, team, "qr.release-outage.test");
    const providerId = (await atCloudflare("qr.release-outage.test"))!.id;
    await outage("qr.release-outage.test", true);
    await deleteWorkspace(who, team);
    // Asked at once, then again by the domain queue's consumer (which the local queue runs);
    // still there while Cloudflare fails.
    await vi.waitFor(
      async () => expect(await deletesAsked("qr.release-outage.test")).toBeGreaterThanOrEqual(2),
      { timeout: 10_000, interval: 200 },
    );
    expect(await atCloudflare("qr.release-outage.test")).not.toBeNull();

    // A later retry, once Cloudflare answers again.
    await outage("qr.release-outage.test", false);
    const message: HostnameRelease = {
      kind: "remove-hostname",
      providerId,
      hostname: "qr.release-outage.test",
    };
    const batch = createMessageBatch<HostnameRelease>("qr-code-creator-domains", [
      { id: "release-1", timestamp: new Date(), attempts: 2, body: message },
    ]);
    await releaseQueuedHostnames(batch);
    expect(await getQueueResult(batch, createExecutionContext())).toMatchObject({
      explicitAcks: ["release-1"],
    });
    expect(await atCloudflare("qr.release-outage.test")).toBeNull();
  });

  it(`a domain never verified within 7 days is removed by the cron, here and at Cloudflare`, async () => {
    const who = await owner();
    const workspace = personalWorkspaceId(who.id);
    await addDomainIn(who, workspace, "go.release-stale.test");
    await addDomainIn(who, workspace, "go.release-fresh.test");
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE custom_domains SET created_at = ? WHERE hostname = ?")
      .bind(eightDaysAgo, "go.release-stale.test")
      .run();

    await worker.scheduled({ scheduledTime: Date.now(), cron: "*/10 * * * *" });

    const rows = await env.DB.prepare(
      "SELECT hostname FROM custom_domains WHERE workspace_id = ? ORDER BY hostname",
    )
      .bind(workspace)
      .all<{ hostname: string }>();
    expect(rows.results.map((row) => row.hostname)).toEqual(["go.release-fresh.test"]);
    expect(await atCloudflare("go.release-stale.test")).toBeNull();
    expect(await atCloudflare("go.release-fresh.test")).not.toBeNull();
    const log = await readAnswer(
      { id: who.id, cookie: who.cookie },
      await appFetch("/dashboard?tab=team", { headers: { Cookie: who.cookie, Origin: ORIGIN } }),
    );
    expect(log).toContain(
      "The custom domain “go.release-stale.test” was removed: it was not verified within 7 days",
    );
  });

  it("a domain whose DNS became right since its last check is asked about once more, and kept", async () => {
    const who = await owner();
    const workspace = personalWorkspaceId(who.id);
    await addDomainIn(who, workspace, "go.release-late.test");
    // Added 7 days and an hour ago; checked with backoff, the next check is hours away. The
    // customer set the record right at day 6, and Cloudflare has validated it since.
    const day = 24 * 60 * 60 * 1000;
    await env.DB.prepare(
      "UPDATE custom_domains SET created_at = ?, next_check_at = ? WHERE hostname = ?",
    )
      .bind(Date.now() - 7 * day - 60 * 60 * 1000, Date.now() + day / 2, "go.release-late.test")
      .run();
    const set = await fetch(`${env.FAKE_CLOUDFLARE_CONTROL_URL}/hostnames/go.release-late.test`, {
      method: "PUT",
      body: JSON.stringify({ status: "active", sslStatus: "active" }),
    });
    expect(set.status).toBe(200);

    await worker.scheduled({ scheduledTime: Date.now(), cron: "*/10 * * * *" });

    const row = await env.DB.prepare(
      "SELECT status, activated_at FROM custom_domains WHERE hostname = ?",
    )
      .bind("go.release-late.test")
      .first<{ status: string; activated_at: number | null }>();
    expect(row).toMatchObject({ status: "active" });
    expect(row!.activated_at).not.toBeNull();
    expect(await atCloudflare("go.release-late.test")).not.toBeNull();
    expect(await deletesAsked("go.release-late.test")).toBe(0);
  });

  it("while Cloudflare cannot be asked, a stale domain waits for the next run instead of going unasked", async () => {
    const who = await owner();
    const workspace = personalWorkspaceId(who.id);
    await addDomainIn(who, workspace, "go.release-unasked.test");
    const day = 24 * 60 * 60 * 1000;
    await env.DB.prepare(
      "UPDATE custom_domains SET created_at = ?, next_check_at = ? WHERE hostname = ?",
    )
      .bind(Date.now() - 8 * day, Date.now() + day / 2, "go.release-unasked.test")
      .run();
    await outage("go.release-unasked.test", true);
    await worker.scheduled({ scheduledTime: Date.now(), cron: "*/10 * * * *" });
    const kept = await env.DB.prepare("SELECT id FROM custom_domains WHERE hostname = ?")
      .bind("go.release-unasked.test")
      .first();
    expect(kept).not.toBeNull();

    // Cloudflare answers again: still pending after 8 days, so it goes, here and there.
    await outage("go.release-unasked.test", false);
    await worker.scheduled({ scheduledTime: Date.now(), cron: "*/10 * * * *" });
    const gone = await env.DB.prepare("SELECT id FROM custom_domains WHERE hostname = ?")
      .bind("go.release-unasked.test")
      .first();
    expect(gone).toBeNull();
    expect(await atCloudflare("go.release-unasked.test")).toBeNull();
  });
});
