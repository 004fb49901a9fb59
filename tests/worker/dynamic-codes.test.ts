import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { workspaceMembers } from "../../app/db/schema";
import {
  cancelScheduledChange,
  changeDestination,
  type Editor,
  scheduleDestination,
} from "../../app/destinations/changes.server";
import { LOOP_MESSAGE } from "../../app/destinations/destination";
import { EDIT_DESTINATION_MESSAGE } from "../../app/plans/rules";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { cookieFrom } from "./accounts";
import { call, makeKey, type Person, person, saveTrackedCode } from "./api-client";
import { appFetch, ORIGIN } from "./app";
import { activeDomain, onHost, saveTracked as saveOnDomain } from "./domains";
import { landOn, postForm } from "./forms";
import { latestMail } from "./mail";

// Dynamic codes (issue #21): a tracked code's destination changes, is restored and is scheduled,
// while its printed image stays byte for byte the same. People sign up through the API (a paid
// plan starts its trial); the minute cron is driven through the Worker's scheduled() handler.

const db = createDatabase(env.DB);

const worker = exports.default as unknown as {
  scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
};

/** The minute cron at `time`, with its log lines kept out of the test output. */
async function minuteCron(time: number) {
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  try {
    await worker.scheduled({ scheduledTime: time, cron: "* * * * *" });
  } finally {
    info.mockRestore();
  }
}

const scan = (slug: string) => appFetch(`/s/${slug}`);
const leadsTo = async (slug: string) => (await scan(slug)).headers.get("Location");

async function png(who: Person, id: number): Promise<Uint8Array> {
  const response = await appFetch(`/api/qr-codes/${id}/download?format=png`, {
    headers: { Cookie: who.cookies },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const codePage = (id: number) => `/dashboard/codes/${id}`;

function edit(who: Person, id: number, destination: string, back = "/dashboard") {
  return postForm(codePage(id), { intent: "destination", destination, back }, who.cookies);
}

async function pageOf(who: Person, path: string) {
  const response = await appFetch(path, { headers: { Cookie: who.cookies } });
  return { status: response.status, text: textOf(await response.text()) };
}

async function history(id: number) {
  const { results } = await env.DB.prepare(
    "SELECT old_url, new_url, kind, changed_by FROM destination_changes WHERE qr_code_id = ? ORDER BY id",
  )
    .bind(id)
    .all<{ old_url: string; new_url: string; kind: string; changed_by: string | null }>();
  return results;
}

async function auditActions(workspaceId: string) {
  const { results } = await env.DB.prepare(
    "SELECT action, details FROM audit_events WHERE workspace_id = ? ORDER BY id",
  )
    .bind(workspaceId)
    .all<{ action: string; details: string | null }>();
  return results.filter((row) => row.action.startsWith("destination."));
}

/** Makes `who`'s plan a paid subscription, in effect at any time (not a 7-day trial). */
async function subscribe(who: Person) {
  await env.DB.prepare(
    "UPDATE users SET stripe_subscription_id = ?, subscription_status = 'active' WHERE id = ?",
  )
    .bind(`sub_${who.id}`, who.id)
    .run();
}

/** Ends `who`'s trial: the workspace falls back to the free plan. */
async function downgrade(who: Person) {
  await env.DB.prepare(
    "UPDATE users SET is_trial_active = 0, trial_end_date = ?, stripe_subscription_id = NULL WHERE id = ?",
  )
    .bind(Date.now() - 1000, who.id)
    .run();
}

describe("editing a tracked code's destination", () => {
  it("sends the next scan to the new address, keeps the image byte for byte, and records who changed it", async () => {
    const owner = await person("premium");
    const { id, slug } = await saveTrackedCode(owner);
    const before = await png(owner, id);
    expect((await decodeSingleQr(before)).text).toBe(`${ORIGIN}/s/${slug}`);
    expect(await leadsTo(slug)).toBe("https://example.com/menu"); // the edge now keeps a copy

    const dashboard = await pageOf(owner, "/dashboard");
    expect(dashboard.text).toContain("Leads to https://example.com/menu");
    expect(dashboard.text).toContain("Edit destination");
    expect(dashboard.text).toContain("Saving never changes the code's image or its short link");

    const saved = await edit(owner, id, "example.org/shop");
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/dashboard");
    const landed = await landOn(saved, owner.cookies);
    expect(landed).toContain("Destination saved");
    expect(landed).toContain("Leads to https://example.org/shop");

    // The next scan, here, goes to the new address at once (the edge copy was purged).
    expect(await leadsTo(slug)).toBe("https://example.org/shop");
    const after = await png(owner, id);
    expect(after).toEqual(before);
    expect((await decodeSingleQr(after)).text).toBe(`${ORIGIN}/s/${slug}`);

    expect(await history(id)).toEqual([
      {
        old_url: "https://example.com/menu",
        new_url: "https://example.org/shop",
        kind: "edit",
        changed_by: owner.id,
      },
    ]);
    const page = await pageOf(owner, codePage(id));
    expect(page.text).toContain("Leads to: https://example.org/shop");
    expect(page.text).toMatch(
      /Edited · .* \(UTC\) · by Ada Lovelace From https:\/\/example\.com\/menu to https:\/\/example\.org\/shop/,
    );
    const audit = await auditActions(personalWorkspaceId(owner.id));
    expect(audit.map((row) => row.action)).toEqual(["destination.changed"]);
    const team = await pageOf(owner, "/dashboard?tab=team");
    expect(team.text).toContain(
      "changed where “Menu” leads from https://example.com/menu to https://example.org/shop",
    );
  });

  it("keeps every change newest first, and Restore leads back to the address before one", async () => {
    const owner = await person("premium");
    const { id, slug } = await saveTrackedCode(owner, "https://example.com/a");
    await edit(owner, id, "https://example.com/b");
    await edit(owner, id, "https://example.com/c", codePage(id));
    const page = await pageOf(owner, codePage(id));
    expect(page.text.indexOf("to https://example.com/c")).toBeLessThan(
      page.text.indexOf("to https://example.com/b"),
    );
    const html = await (
      await appFetch(codePage(id), { headers: { Cookie: owner.cookies } })
    ).text();
    expect(html).toContain('aria-label="Restore https://example.com/a"');
    // The current address has nothing to restore.
    expect(html).not.toContain('aria-label="Restore https://example.com/c"');

    const [first] = (await env.DB.prepare(
      "SELECT id FROM destination_changes WHERE qr_code_id = ? ORDER BY id",
    )
      .bind(id)
      .all<{ id: number }>())!.results;
    const restored = await postForm(
      codePage(id),
      { intent: "restore", entry: String(first!.id) },
      owner.cookies,
    );
    expect(restored.headers.get("Location")).toBe(codePage(id));
    expect(await landOn(restored, owner.cookies)).toContain("Destination restored");
    expect(await leadsTo(slug)).toBe("https://example.com/a");
    expect((await history(id)).map((row) => [row.kind, row.new_url])).toEqual([
      ["edit", "https://example.com/b"],
      ["edit", "https://example.com/c"],
      ["restore", "https://example.com/a"],
    ]);
  });

  it("refuses bad addresses and redirect loops with a clear message, changing nothing", async () => {
    const owner = await person("premium");
    const { id, slug } = await saveTrackedCode(owner);
    const other = await saveTrackedCode(owner, "https://example.com/other", "Other");
    const domain = "links.dynamic-codes.test";
    await activeDomain({ id: owner.id, cookie: owner.cookies }, domain);
    const cases: [string, string][] = [
      ["ftp://example.com/file", "Enter a valid web address, like https://example.com"],
      ["javascript:alert(1)", "Enter a valid web address, like https://example.com"],
      ["", "Enter a website address"],
      [`${ORIGIN}/s/${other.slug}`, LOOP_MESSAGE],
      [`${ORIGIN}/s/${slug}`, LOOP_MESSAGE],
      [`${ORIGIN}/%73/${slug}`, LOOP_MESSAGE],
      [`${ORIGIN}/%53/${slug}`, LOOP_MESSAGE],
      [`https://qr-code-creator.someone.workers.dev/s/${other.slug}`, LOOP_MESSAGE],
      [`https://${domain}/${other.slug}`, LOOP_MESSAGE],
      ["https://example.com/menu", "The code already leads to https://example.com/menu."],
    ];
    for (const [destination, message] of cases) {
      const response = await edit(owner, id, destination);
      expect(response.status, destination).toBe(400);
      expect(textOf(await response.text())).toContain(message);
    }
    // Why those count: the router decodes and ignores case, so they reach the scan itself.
    expect((await appFetch(`/%53/${slug}`)).headers.get("Location")).toBe(
      "https://example.com/menu",
    );
    // A post far larger than an address is refused before it is read.
    const huge = await edit(owner, id, `https://example.com/${"a".repeat(70_000)}`);
    expect(huge.status).toBe(413);
    expect(textOf(await huge.text())).toContain(
      "The form is larger than 64 KB. A web address and a date fit well within that.",
    );
    // Nor any other address of ours (issue #27): a route's redirect= could lead to a short link.
    for (const ours of [`${ORIGIN}/pricing`, `${ORIGIN}/auth?redirect=/s/${slug}`]) {
      const response = await edit(owner, other.id, ours);
      expect(response.status, ours).toBe(400);
      expect(textOf(await response.text())).toContain(LOOP_MESSAGE);
    }
    expect(await leadsTo(slug)).toBe("https://example.com/menu");
    expect(await history(id)).toEqual([]);
  });

  it("is for editors and up of the code's own workspace, on a paid plan", async () => {
    const owner = await person("premium");
    const { id, slug } = await saveTrackedCode(owner);
    const stranger = await person("premium");
    const refused = await edit(stranger, id, "https://example.org/");
    expect(refused.status).toBe(404);
    expect((await pageOf(stranger, codePage(id))).status).toBe(404);

    const viewer = await person();
    const editor = await person();
    const workspace = personalWorkspaceId(owner.id);
    const now = new Date();
    await db.insert(workspaceMembers).values([
      { workspaceId: workspace, userId: viewer.id, role: "viewer", createdAt: now },
      { workspaceId: workspace, userId: editor.id, role: "editor", createdAt: now },
    ]);
    for (const member of [viewer, editor]) {
      const switched = await postForm(
        "/workspace/switch",
        { workspace, redirect: "/dashboard" },
        member.cookies,
      );
      member.cookies += `; ${cookieFrom(switched, "qr_workspace")}`;
    }
    const forbidden = await edit(viewer, id, "https://example.org/viewer");
    expect(forbidden.status).toBe(403);
    expect(textOf(await forbidden.text())).toContain("lets you see and download codes");
    const viewerPage = await pageOf(viewer, codePage(id));
    expect(viewerPage.text).toContain("Leads to: https://example.com/menu");
    expect(viewerPage.text).not.toContain("Save");

    expect((await edit(editor, id, "https://example.org/editor")).status).toBe(303);
    expect(await leadsTo(slug)).toBe("https://example.org/editor");
  });
});

describe("a code printed on a custom domain", () => {
  it("follows its new destination there at once, and its scheduled one on time", async () => {
    const owner = await person("premium");
    const hostname = "menu.dynamic-codes.test";
    const domain = await activeDomain({ id: owner.id, cookie: owner.cookies }, hostname);
    const { code } = await saveOnDomain(
      { id: owner.id, cookie: owner.cookies },
      "https://example.com/domain",
      domain,
    );
    const scanThere = async () =>
      (await onHost(hostname, `/${code!.slug}`)).headers.get("Location");
    expect(await scanThere()).toBe("https://example.com/domain");
    expect((await edit(owner, code!.id, "https://example.com/domain-new")).status).toBe(303);
    expect(await scanThere()).toBe("https://example.com/domain-new");

    // A due change leads there before the cron has made it permanent.
    await env.DB.prepare(
      "UPDATE tracked_links SET scheduled_url = 'https://example.com/due', scheduled_at = ? WHERE slug = ?",
    )
      .bind(Date.now() - 1000, code!.slug)
      .run();
    expect(await scanThere()).toBe("https://example.com/due");
  });
});

describe("a scheduled change", () => {
  it("is entered in the editor's time zone, kept in UTC, and applied by the minute cron once", async () => {
    const owner = await person("premium");
    await subscribe(owner); // the cron runs months ahead, long after a trial would end
    const { id, slug } = await saveTrackedCode(owner);
    const year = new Date().getUTCFullYear() + 1;
    const scheduled = await postForm(
      codePage(id),
      {
        intent: "schedule",
        destination: "https://example.com/shop",
        at: `${year}-07-01T17:00`,
        zone: "Europe/Berlin",
      },
      owner.cookies,
    );
    expect(scheduled.status).toBe(303);
    const landed = await landOn(scheduled, owner.cookies);
    expect(landed).toMatch(
      new RegExp(
        `From Jul 1, ${year}, 5:00 PM \\(Europe/Berlin\\) ?, lead to https://example.com/shop`,
      ),
    );
    const at = Date.UTC(year, 6, 1, 15, 0); // 17:00 in Berlin's summer is 15:00 UTC
    const row = await env.DB.prepare(
      "SELECT scheduled_at, scheduled_url, scheduled_zone FROM tracked_links WHERE slug = ?",
    )
      .bind(slug)
      .first();
    expect(row).toEqual({
      scheduled_at: at,
      scheduled_url: "https://example.com/shop",
      scheduled_zone: "Europe/Berlin",
    });

    await minuteCron(at - 60_000);
    expect(await history(id)).toEqual([]);
    expect(await leadsTo(slug)).toBe("https://example.com/menu");

    await minuteCron(at);
    await minuteCron(at + 60_000); // a second run records nothing more
    expect(await history(id)).toEqual([
      {
        old_url: "https://example.com/menu",
        new_url: "https://example.com/shop",
        kind: "scheduled",
        changed_by: owner.id,
      },
    ]);
    const page = await pageOf(owner, codePage(id));
    expect(page.text).toContain("Scheduled change applied");
    expect(page.text).toContain("No change is scheduled.");
    expect(
      (await auditActions(personalWorkspaceId(owner.id))).map((entry) => entry.action),
    ).toEqual(["destination.scheduled", "destination.changed"]);
  });

  it("refuses minutes past 59, and keeps the zone as the runtime spells it", async () => {
    const owner = await person("premium");
    const { id, slug } = await saveTrackedCode(owner);
    const year = new Date().getUTCFullYear() + 1;
    const form = (at: string, zone: string) =>
      postForm(
        codePage(id),
        { intent: "schedule", destination: "https://example.com/shop", at, zone },
        owner.cookies,
      );
    const late = await form(`${year}-07-01T17:99`, "UTC");
    expect(late.status).toBe(400);
    expect(textOf(await late.text())).toContain(
      "Enter a real date and time, like 2026-12-24 17:00 (hours 00–23, minutes 00–59).",
    );
    const scheduledAt = "SELECT scheduled_at, scheduled_zone FROM tracked_links WHERE slug = ?";
    expect(await env.DB.prepare(scheduledAt).bind(slug).first()).toEqual({
      scheduled_at: null,
      scheduled_zone: null,
    });
    expect((await form(`${year}-07-01T17:00`, "europe/BERLIN")).status).toBe(303);
    expect(await env.DB.prepare(scheduledAt).bind(slug).first()).toEqual({
      scheduled_at: Date.UTC(year, 6, 1, 15),
      scheduled_zone: "Europe/Berlin",
    });
  });

  it("switches the redirect on time by itself, even from the edge's copy, before any cron", async () => {
    const owner = await person("premium");
    const { id, slug } = await saveTrackedCode(owner);
    const soon = new Date(Date.now() + 1500);
    const seconds = soon.toISOString().slice(0, 19); // UTC wall time, to the second
    const scheduled = await postForm(
      codePage(id),
      { intent: "schedule", destination: "https://example.com/later", at: seconds, zone: "UTC" },
      owner.cookies,
    );
    expect(scheduled.status).toBe(303);
    expect(await leadsTo(slug)).toBe("https://example.com/menu"); // kept at the edge with the change
    await vi.waitFor(async () => expect(await leadsTo(slug)).toBe("https://example.com/later"), {
      timeout: 5000,
      interval: 200,
    });
  });

  it("refuses a time in the past, and can be cancelled before it happens", async () => {
    const owner = await person("premium");
    const { id, slug } = await saveTrackedCode(owner);
    const past = await postForm(
      codePage(id),
      {
        intent: "schedule",
        destination: "https://example.com/shop",
        at: "2020-01-01T09:00",
        zone: "UTC",
      },
      owner.cookies,
    );
    expect(past.status).toBe(400);
    expect(textOf(await past.text())).toContain("That time has passed");
    const loop = await postForm(
      codePage(id),
      {
        intent: "schedule",
        destination: `${ORIGIN}/s/${slug}`,
        at: "2999-01-01T09:00",
        zone: "UTC",
      },
      owner.cookies,
    );
    expect(loop.status).toBe(400);
    expect(textOf(await loop.text())).toContain(LOOP_MESSAGE);

    const at = Date.now() + 3_600_000;
    await postForm(
      codePage(id),
      {
        intent: "schedule",
        destination: "https://example.com/shop",
        at: new Date(at).toISOString().slice(0, 16),
        zone: "UTC",
      },
      owner.cookies,
    );
    const cancelled = await postForm(codePage(id), { intent: "cancel-schedule" }, owner.cookies);
    expect(await landOn(cancelled, owner.cookies)).toContain("Scheduled change cancelled");
    await minuteCron(at + 60_000);
    expect(await leadsTo(slug)).toBe("https://example.com/menu");
    expect(await history(id)).toEqual([]);
  });
});

describe("a request between a scheduled change's time and the next minute cron", () => {
  const editorOf = (who: Person): Editor => ({
    workspaceId: personalWorkspaceId(who.id),
    plan: "premium",
    actor: { id: who.id, email: who.email },
  });
  const utc = (at: number) => new Date(at).toISOString().slice(0, 19);

  it("records the due change first, and the cron does not overwrite an edit made then", async () => {
    const owner = await person("premium");
    await subscribe(owner);
    const { id, slug } = await saveTrackedCode(owner);
    const due = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
    const scheduled = await scheduleDestination(
      db,
      editorOf(owner),
      id,
      { url: "https://example.com/scheduled", local: utc(due), zone: "UTC" },
      { origin: ORIGIN, now: new Date(due - 3_600_000) },
    );
    expect(scheduled.ok).toBe(true);

    const edited = await changeDestination(db, editorOf(owner), id, "https://example.com/edit", {
      origin: ORIGIN,
      now: new Date(due + 20_000),
    });
    expect(edited).toEqual({
      ok: true,
      oldUrl: "https://example.com/scheduled",
      newUrl: "https://example.com/edit",
    });
    await minuteCron(due + 60_000);

    expect(await leadsTo(slug)).toBe("https://example.com/edit");
    expect(await history(id)).toEqual([
      {
        old_url: "https://example.com/menu",
        new_url: "https://example.com/scheduled",
        kind: "scheduled",
        changed_by: owner.id,
      },
      {
        old_url: "https://example.com/scheduled",
        new_url: "https://example.com/edit",
        kind: "edit",
        changed_by: owner.id,
      },
    ]);
  });

  it("says a due change cannot be cancelled any more, and records it", async () => {
    const owner = await person("premium");
    await subscribe(owner);
    const { id, slug } = await saveTrackedCode(owner);
    const due = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
    await scheduleDestination(
      db,
      editorOf(owner),
      id,
      { url: "https://example.com/scheduled", local: utc(due), zone: "UTC" },
      { origin: ORIGIN, now: new Date(due - 3_600_000) },
    );
    const cancelled = await cancelScheduledChange(db, editorOf(owner), id, {
      origin: ORIGIN,
      now: new Date(due + 20_000),
    });
    expect(cancelled.ok).toBe(false);
    expect(!cancelled.ok && cancelled.message).toBe(
      "The scheduled change has already happened: the code leads to https://example.com/scheduled. Edit the destination to change it.",
    );
    await minuteCron(due + 60_000);
    expect(await leadsTo(slug)).toBe("https://example.com/scheduled");
    expect((await history(id)).map((row) => [row.new_url, row.kind])).toEqual([
      ["https://example.com/scheduled", "scheduled"],
    ]);
  });
});

describe("after a downgrade", () => {
  it("the code keeps its last destination, editing stops, and a pending change is cancelled with a notice", async () => {
    const owner = await person("premium");
    const { id, slug } = await saveTrackedCode(owner);
    await edit(owner, id, "https://example.com/today");
    const at = Date.now() + 3_600_000;
    await postForm(
      codePage(id),
      {
        intent: "schedule",
        destination: "https://example.com/tomorrow",
        at: new Date(at).toISOString().slice(0, 16),
        zone: "UTC",
      },
      owner.cookies,
    );
    await downgrade(owner);

    expect(await leadsTo(slug)).toBe("https://example.com/today");
    const refused = await edit(owner, id, "https://example.com/free");
    expect(refused.status).toBe(403);
    expect(textOf(await refused.text())).toContain(EDIT_DESTINATION_MESSAGE);
    const dashboard = await pageOf(owner, "/dashboard");
    expect(dashboard.text).toContain("Leads to https://example.com/today");
    expect(dashboard.text).toContain(EDIT_DESTINATION_MESSAGE);
    expect(dashboard.text).not.toContain("Edit destination");

    // The next minute's cron cancels the change the plan no longer allows, and says so.
    await minuteCron(Date.now());
    await minuteCron(Date.now());
    expect(await history(id)).toEqual([
      expect.objectContaining({ kind: "edit", new_url: "https://example.com/today" }),
      {
        old_url: "https://example.com/today",
        new_url: "https://example.com/tomorrow",
        kind: "cancelled",
        changed_by: null,
      },
    ]);
    const page = await pageOf(owner, codePage(id));
    expect(page.text).toContain(
      "Scheduled change cancelled: the plan no longer includes changing destinations",
    );
    expect(page.text).toContain("No change is scheduled.");
    const mail = await latestMail(owner.email, /Scheduled change of “Menu” cancelled/);
    expect(mail?.text).toContain("it still leads to https://example.com/today");
    const audit = await auditActions(personalWorkspaceId(owner.id));
    expect(audit.at(-1)?.action).toBe("destination.schedule_cancelled");

    await minuteCron(at + 60_000);
    expect(await leadsTo(slug)).toBe("https://example.com/today");
  });
});

describe("PATCH /api/v1/qr-codes/{id}", () => {
  it("changes a tracked code's destination, as documented, with the dashboard's rules", async () => {
    const owner = await person("ultimate");
    const key = await makeKey(owner);
    const { id, slug } = await saveTrackedCode(owner);
    const changed = await call(key, "PATCH", `/qr-codes/${id}`, {
      destination: "https://example.com/api",
    });
    expect(changed.status).toBe(200);
    expect(changed.json.trackedLink).toEqual({
      slug,
      url: `${ORIGIN}/s/${slug}`,
      destination: "https://example.com/api",
    });
    expect(changed.json.data.url).toBe("https://example.com/api");
    expect(await leadsTo(slug)).toBe("https://example.com/api");
    expect((await history(id)).map((row) => row.kind)).toEqual(["api"]);

    const loop = await call(key, "PATCH", `/qr-codes/${id}`, {
      destination: `${ORIGIN}/s/${slug}`,
      title: "Renamed",
    });
    expect(loop.status).toBe(400);
    expect(loop.json).toMatchObject({
      code: "invalid_request",
      errors: [{ field: "destination", message: LOOP_MESSAGE }],
    });
    const bad = await call(key, "PATCH", `/qr-codes/${id}`, { destination: "mailto:a@b.c" });
    expect(bad.status).toBe(400);
    const unchanged = await call(key, "GET", `/qr-codes/${id}`);
    expect(unchanged.json.title).toBe("Menu");
    expect(unchanged.json.trackedLink.destination).toBe("https://example.com/api");

    const stranger = await person("ultimate");
    const theirs = await call(await makeKey(stranger), "PATCH", `/qr-codes/${id}`, {
      destination: "https://example.com/theirs",
    });
    expect(theirs.status).toBe(404);
    expect(await leadsTo(slug)).toBe("https://example.com/api");
  });
});
