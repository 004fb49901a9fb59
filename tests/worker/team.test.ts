import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { type WorkspaceRole, workspaceMembers, workspaces } from "../../app/db/schema";
import { hashToken } from "../../app/models/account-tokens.server";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson } from "./accounts";
import { appFetch, generate, newAddress, ORIGIN } from "./app";
import { latestMail, linkFrom } from "./mail";

// Teams (issue #15): invitations by e-mail that hold a seat, are used once, expire and can be
// revoked; roles that decide who may manage the team; leaving, removal and handing over; the
// audit log. People sign up through the API; their sessions are kept like a browser would.

const db = createDatabase(env.DB);

interface Person {
  id: string;
  email: string;
  /** The session cookie, and the workspace choice and other cookies once set. */
  cookies: string;
}

async function person(
  plan: "free" | "premium" | "ultimate" = "free",
  label = "ada",
): Promise<Person> {
  const details = newPerson(label);
  const response = await postJson("/api/auth/signup", { ...details, plan });
  expect(response.status).toBe(201);
  const { id } = await response.json<{ id: string }>();
  return { id, email: details.email, cookies: cookieFrom(response, "qr_session")! };
}

/** Keeps the cookies a response sets, as a browser would (an empty value deletes one). */
function keepCookies(who: Person, response: Response) {
  const jar = new Map(
    who.cookies.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  who.cookies = [...jar.values()].join("; ");
}

async function get(who: Person | null, path: string) {
  const response = await appFetch(path, { headers: who ? { Cookie: who.cookies } : {} });
  if (who) keepCookies(who, response);
  return response;
}

async function post(who: Person, path: string, fields: Record<string, string>) {
  const response = await appFetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies },
    body: new URLSearchParams(fields),
  });
  keepCookies(who, response);
  return response;
}

/** A team form on the dashboard, for the workspace `who` acts in (or the one named). */
function teamPost(who: Person, workspace: string, fields: Record<string, string>) {
  return post(who, "/dashboard", { workspace, ...fields });
}

/** The page a post/redirect/get lands on, with the message it carries, as text. */
async function landing(who: Person, response: Response): Promise<string> {
  expect(response.status).toBe(303);
  return textOf(await (await get(who, response.headers.get("Location")!)).text());
}

const teamTab = async (who: Person, query = "") =>
  (await get(who, `/dashboard?tab=team${query}`)).text();

async function invite(owner: Person, workspace: string, email: string, role = "editor") {
  return teamPost(owner, workspace, { intent: "invite", email, role });
}

/** The path of the invitation link e-mailed to `email`. */
const invitationLink = (email: string) => linkFrom(email, /invited you/);

async function switchTo(who: Person, workspace: string) {
  const response = await post(who, "/workspace/switch", { workspace, redirect: "/dashboard" });
  expect(response.status).toBe(303);
}

/** A team workspace (not anyone's personal one) with these members, set up in the database. */
async function teamWorkspace(owner: Person, members: [Person, WorkspaceRole][], name = "Studio") {
  const id = `ws_team_${crypto.randomUUID()}`;
  const now = new Date();
  await db.batch([
    db.insert(workspaces).values({ id, name, ownerId: owner.id, createdAt: now }),
    db
      .insert(workspaceMembers)
      .values([
        { workspaceId: id, userId: owner.id, role: "owner", createdAt: now },
        ...members.map(([m, role]) => ({ workspaceId: id, userId: m.id, role, createdAt: now })),
      ]),
  ]);
  return id;
}

async function roleOf(workspaceId: string, userId: string) {
  const row = await env.DB.prepare(
    "SELECT role FROM workspace_members WHERE workspace_id = ? AND user_id = ?",
  )
    .bind(workspaceId, userId)
    .first<{ role: string }>();
  return row?.role ?? null;
}

async function invitationRows(workspaceId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, email, role, token_hash, accepted_at, revoked_at, expires_at FROM workspace_invitations WHERE workspace_id = ? ORDER BY created_at",
  )
    .bind(workspaceId)
    .all<{
      id: string;
      email: string;
      role: string;
      token_hash: string;
      accepted_at: number | null;
      revoked_at: number | null;
      expires_at: number;
    }>();
  return results;
}

async function auditActions(workspaceId: string) {
  const { results } = await env.DB.prepare(
    "SELECT action FROM audit_events WHERE workspace_id = ? ORDER BY id",
  )
    .bind(workspaceId)
    .all<{ action: string }>();
  return results.map((row) => row.action);
}

describe("inviting someone", () => {
  it("e-mails a link to the address; the invited person signs in, accepts, and works in the team", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const grace = await person("free", "grace");

    const sent = await invite(owner, workspace, grace.email.toUpperCase(), "editor");
    expect(sent.headers.get("Location")).toBe("/dashboard?tab=team");
    const tab = await landing(owner, sent);
    expect(tab).toContain("Invitation sent");
    expect(tab).toContain(`Invitation link for ${grace.email}`);
    expect(tab).toContain("2 of 5 seats used");
    expect(tab).toMatch(
      new RegExp(`Pending invitations ${grace.email} EDITOR · expires in 7 days`),
    );
    // The link is shown once: the next visit of the tab has only the invitation.
    expect(textOf(await teamTab(owner))).not.toContain("Invitation link for");

    const mail = await latestMail(grace.email, /invited you/);
    expect(mail?.subject).toBe(
      "Ada Lovelace invited you to Ada Lovelace's workspace on QR Code Creator",
    );
    expect(mail?.text).toContain("as an editor");
    const link = await invitationLink(grace.email);
    const token = link.split("/invite/")[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await invitationRows(workspace);
    expect(stored).toMatchObject({
      email: grace.email,
      role: "editor",
      token_hash: await hashToken(token),
    });
    expect(stored!.token_hash).not.toContain(token);
    expect(stored!.expires_at - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);

    // A visitor sees whose invitation it is and is asked to sign in or sign up first.
    const visitor = await get(null, link);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-store");
    const invitation = await visitor.text();
    expect(textOf(invitation)).toContain(
      `Ada Lovelace invited ${grace.email} to the workspace Ada Lovelace's workspace as editor`,
    );
    expect(invitation).toContain(
      `href="/auth?mode=signup&amp;redirect=${encodeURIComponent(link)}&amp;email=${encodeURIComponent(grace.email.toLowerCase())}"`,
    );
    expect(invitation).toContain(
      `href="/auth?mode=signin&amp;redirect=${encodeURIComponent(link)}&amp;email=${encodeURIComponent(grace.email.toLowerCase())}"`,
    );

    expect(await get(grace, link).then((r) => r.text())).toContain("Accept invitation");
    const accepted = await post(grace, link, {});
    expect(accepted.headers.get("Location")).toBe("/dashboard");
    expect(cookieFrom(accepted, "qr_workspace")).not.toBeNull();
    expect(await roleOf(workspace, grace.id)).toBe("editor");
    const dashboard = await landing(grace, accepted);
    expect(dashboard).toContain("Welcome to Ada Lovelace's workspace");
    expect(dashboard).toContain("Workspace Ada Lovelace's workspace · you are editor");

    // She saves a code there (the owner's Premium plan allows an e-mail code), and the owner sees it.
    const saved = await generate(
      {
        type: "email",
        data: { email: "hello@example.com", subject: "Hi", message: "" },
        customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
        title: "Team flyer",
        save: "true",
      },
      { cookie: grace.cookies, headers: { Origin: ORIGIN } },
    );
    expect(saved.status).toBe(200);
    expect(await get(owner, "/dashboard").then((r) => r.text())).toContain("Team flyer");
    expect(textOf(await teamTab(owner))).toContain("2 of 5 seats used");

    // The link worked once.
    const replay = await post(grace, link, {});
    expect(replay.status).toBe(410);
    expect((await get(null, link)).status).toBe(410);
    expect(textOf(await get(null, link).then((r) => r.text()))).toContain(
      "Invitation already used",
    );
  });

  it("is accepted only by the invited address; anyone else is told which one, and the link still works", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const invitedEmail = `grace-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await invite(owner, workspace, invitedEmail, "viewer");
    const link = await invitationLink(invitedEmail);
    const someoneElse = await person();

    expect(textOf(await get(someoneElse, link).then((r) => r.text()))).toContain(
      "This invitation was sent to g…@example.com. Sign in with that address to accept it.",
    );
    const refused = await post(someoneElse, link, {});
    expect(refused.status).toBe(403);
    expect(await roleOf(workspace, someoneElse.id)).toBeNull();
    expect((await invitationRows(workspace))[0]!.accepted_at).toBeNull();

    // Signing up with the invited address through the link's sign-up page comes back to it.
    const signUp = await appFetch(`/auth?mode=signup&redirect=${encodeURIComponent(link)}`, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": newAddress(),
      },
      body: new URLSearchParams({
        intent: "signup",
        firstName: "Grace",
        lastName: "Hopper",
        email: invitedEmail,
        password: "correct horse battery",
        redirect: link,
      }),
    });
    expect(signUp.status).toBe(303);
    expect(signUp.headers.get("Location")).toBe(link);
    const grace: Person = {
      id: "",
      email: invitedEmail,
      cookies: cookieFrom(signUp, "qr_session")!,
    };
    expect((await post(grace, link, {})).headers.get("Location")).toBe("/dashboard");
    expect(textOf(await get(grace, "/dashboard").then((r) => r.text()))).toContain(
      "you are viewer",
    );
  });

  it("says plainly when a link is unknown (404), expired or revoked (410), never a 500", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const [expiring, revoking] = [
      `late-${crypto.randomUUID().slice(0, 8)}@example.com`,
      `revoked-${crypto.randomUUID().slice(0, 8)}@example.com`,
    ];
    await invite(owner, workspace, expiring);
    await invite(owner, workspace, revoking);
    const expiredLink = await invitationLink(expiring);
    const revokedLink = await invitationLink(revoking);
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, expiring)
      .run();
    const revokedRow = (await invitationRows(workspace)).find((row) => row.email === revoking)!;
    const revoke = await teamPost(owner, workspace, {
      intent: "revoke",
      invitation: revokedRow.id,
    });
    expect(await landing(owner, revoke)).toContain("Invitation revoked");
    // An expired invitation no longer holds a seat, and is no longer listed.
    const tab = textOf(await teamTab(owner));
    expect(tab).toContain("1 of 5 seats used");
    expect(tab).not.toContain("Pending invitations"); // neither is pending any more

    const invited = await person();
    for (const [link, status, title] of [
      [expiredLink, 410, "Invitation expired"],
      [revokedLink, 410, "Invitation withdrawn"],
      [`/invite/${"A".repeat(43)}`, 404, "Invitation not found"],
      ["/invite/not-a-token", 404, "Invitation not found"],
    ] as const) {
      const page = await get(null, link);
      expect(page.status).toBe(status);
      expect(textOf(await page.text())).toContain(title);
      expect((await post(invited, link, {})).status).toBe(status);
    }
    expect(await roleOf(workspace, invited.id)).toBeNull();
  });
});

describe("seats", () => {
  it("count pending invitations: a Premium owner with 4 invited is full, the 6th seat is refused with an upgrade link, revoking frees one", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const addresses = Array.from(
      { length: 5 },
      (_, i) => `seat${i}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    );
    for (const email of addresses.slice(0, 4)) {
      expect(await landing(owner, await invite(owner, workspace, email))).toContain(
        "Invitation sent",
      );
    }
    const refused = await landing(owner, await invite(owner, workspace, addresses[4]!));
    const message =
      "Your Premium plan includes 5 seats, and all 5 are used (members and pending invitations of all your workspaces, each person once). Upgrade to Ultimate for up to 25, or remove someone first.";
    expect(refused).toContain("Invitation not sent");
    expect(refused).toContain(message);
    expect(await invitationRows(workspace)).toHaveLength(4);

    const html = await teamTab(owner);
    expect(textOf(html)).toContain("5 of 5 seats used");
    expect(textOf(html)).toContain(message);
    expect(html).toMatch(/<a [^>]*href="\/dashboard\?tab=plans"[^>]*>Upgrade to Ultimate<\/a>/);
    expect(html).not.toContain('name="email"'); // no invitation form while full

    const first = (await invitationRows(workspace))[0]!;
    await teamPost(owner, workspace, { intent: "revoke", invitation: first.id });
    expect(await landing(owner, await invite(owner, workspace, addresses[4]!))).toContain(
      "Invitation sent",
    );
    expect(textOf(await teamTab(owner))).toContain("5 of 5 seats used");
  });

  it("on the Free plan there is one seat, the owner's: team members need Premium or Ultimate", async () => {
    const owner = await person("free");
    const workspace = personalWorkspaceId(owner.id);
    const refused = await landing(owner, await invite(owner, workspace, "friend@example.com"));
    expect(refused).toContain("Team members need Premium or Ultimate.");
    expect(await invitationRows(workspace)).toHaveLength(0);
    const html = await teamTab(owner);
    expect(textOf(html)).toContain("1 of 1 seat used");
    expect(html).toMatch(/href="\/dashboard\?tab=plans"[^>]*>Upgrade to Premium</);
  });

  it("after a downgrade nobody is removed; invitations wait until the team fits, and say so", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const editor = await person();
    const viewer = await person();
    await db.insert(workspaceMembers).values([
      { workspaceId: workspace, userId: editor.id, role: "editor", createdAt: new Date() },
      { workspaceId: workspace, userId: viewer.id, role: "viewer", createdAt: new Date() },
    ]);
    const lateEmail = `late-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await invite(owner, workspace, lateEmail);
    const link = await invitationLink(lateEmail);

    await env.DB.prepare(
      "UPDATE users SET subscription_plan = 'free', is_trial_active = 0 WHERE id = ?",
    )
      .bind(owner.id)
      .run();

    const tab = textOf(await teamTab(owner));
    expect(tab).toContain(
      "This team has 3 members, more than the 1 seat of the Free plan. Nobody has been removed, but new invitations wait until the team fits: upgrade to Premium for up to 5, or remove members first.",
    );
    expect(await roleOf(workspace, editor.id)).toBe("editor");
    expect(await roleOf(workspace, viewer.id)).toBe("viewer");
    const refused = await landing(owner, await invite(owner, workspace, "more@example.com"));
    expect(refused).toContain("This team has 3 members, more than the 1 seat of the Free plan.");
    expect(await invitationRows(workspace)).toHaveLength(1);

    // The invitation sent before the downgrade cannot add a 4th member now.
    const late = await person();
    await env.DB.prepare("UPDATE users SET email = ? WHERE id = ?").bind(lateEmail, late.id).run();
    const accept = await post(late, link, {});
    expect(accept.status).toBe(409);
    expect(textOf(await accept.text())).toContain("has no free seat on its current plan");
    expect(await roleOf(workspace, late.id)).toBeNull();

    // Members keep working in the team, with the Free plan's limits.
    await switchTo(editor, workspace);
    expect(textOf(await get(editor, "/dashboard").then((r) => r.text()))).toContain(
      "you are editor",
    );
  });
});

describe("roles", () => {
  it("owner and admins manage the team and read the log; editors and viewers are refused (403) and change nothing", async () => {
    const owner = await person("ultimate");
    const [admin, editor, viewer, target] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
    ]);
    const workspace = await teamWorkspace(owner, [
      [admin, "admin"],
      [editor, "editor"],
      [viewer, "viewer"],
      [target, "viewer"],
    ]);
    for (const who of [owner, admin, editor, viewer]) await switchTo(who, workspace);
    const pendingEmail = `pending-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await invite(owner, workspace, pendingEmail);
    const pending = (await invitationRows(workspace))[0]!;

    for (const who of [editor, viewer]) {
      for (const fields of <Record<string, string>[]>[
        { intent: "invite", email: "new@example.com", role: "viewer" },
        { intent: "revoke", invitation: pending.id },
        { intent: "change-role", member: target.id, role: "admin" },
        { intent: "remove", member: target.id },
        { intent: "rename-workspace", name: "Taken over" },
        { intent: "transfer", member: who.id },
      ]) {
        const response = await teamPost(who, workspace, fields);
        expect(response.status, `${fields.intent} by a non-admin`).toBe(403);
      }
      const html = await teamTab(who);
      expect(html).not.toContain('id="audit-heading"');
      // The page's messages travel in its data (issue #32): look at what is shown.
      expect(textOf(html)).not.toContain("Pending invitations");
      expect(html).not.toContain('name="email"');
      expect(textOf(html)).toContain(target.email); // everyone sees who is in the team
    }
    expect(await roleOf(workspace, target.id)).toBe("viewer");
    expect((await invitationRows(workspace))[0]!.revoked_at).toBeNull();
    expect(await invitationRows(workspace)).toHaveLength(1);

    // An admin invites, revokes, changes roles and renames, but cannot transfer ownership.
    expect(
      await landing(admin, await invite(admin, workspace, "newcomer@example.com", "viewer")),
    ).toContain("Invitation sent");
    expect(
      await landing(
        admin,
        await teamPost(admin, workspace, { intent: "revoke", invitation: pending.id }),
      ),
    ).toContain("Invitation revoked");
    expect(
      await landing(
        admin,
        await teamPost(admin, workspace, {
          intent: "change-role",
          member: target.id,
          role: "editor",
        }),
      ),
    ).toContain("Role changed");
    expect(await roleOf(workspace, target.id)).toBe("editor");
    await landing(
      admin,
      await teamPost(admin, workspace, { intent: "rename-workspace", name: "Print shop" }),
    );
    expect(
      (await teamPost(admin, workspace, { intent: "transfer", member: admin.id })).status,
    ).toBe(403);

    // …and never touches the owner, nor their own role.
    expect(
      await landing(
        admin,
        await teamPost(admin, workspace, { intent: "remove", member: owner.id }),
      ),
    ).toContain("The workspace's owner cannot be removed.");
    expect(
      await landing(
        admin,
        await teamPost(admin, workspace, {
          intent: "change-role",
          member: owner.id,
          role: "viewer",
        }),
      ),
    ).toContain("The owner's role changes only when they transfer ownership.");
    expect(
      await landing(
        admin,
        await teamPost(admin, workspace, {
          intent: "change-role",
          member: admin.id,
          role: "editor",
        }),
      ),
    ).toContain("You cannot change your own role.");
    expect(await roleOf(workspace, owner.id)).toBe("owner");
    expect(await roleOf(workspace, admin.id)).toBe("admin");

    for (const who of [owner, admin]) {
      const log = textOf(await teamTab(who));
      expect(log).toContain("Activity");
      expect(log).toMatch(
        /Ada Lovelace changed the role of Ada Lovelace from viewer to editor · (just now|1 minute ago)/,
      );
      expect(log).toContain("renamed the workspace from “Studio” to “Print shop”");
    }
  });

  it("the owner of a team workspace transfers it and may then leave; the last owner cannot leave", async () => {
    const owner = await person("premium");
    const member = await person("ultimate");
    const workspace = await teamWorkspace(owner, [[member, "editor"]]);
    await switchTo(owner, workspace);

    expect(await landing(owner, await teamPost(owner, workspace, { intent: "leave" }))).toContain(
      "You own this workspace. Transfer ownership to another member before you leave.",
    );
    expect(await roleOf(workspace, owner.id)).toBe("owner");

    const transferred = await landing(
      owner,
      await teamPost(owner, workspace, { intent: "transfer", member: member.id }),
    );
    expect(transferred).toContain("Ownership transferred");
    expect(await roleOf(workspace, owner.id)).toBe("admin");
    expect(await roleOf(workspace, member.id)).toBe("owner");
    const row = await env.DB.prepare("SELECT owner_id FROM workspaces WHERE id = ?")
      .bind(workspace)
      .first();
    expect(row).toEqual({ owner_id: member.id });
    // The workspace has the new owner's plan now.
    expect(textOf(await teamTab(owner))).toContain("of 25 seats used · Ultimate plan");

    const left = await teamPost(owner, workspace, { intent: "leave" });
    expect(left.headers.get("Location")).toBe("/dashboard");
    expect(await landing(owner, left)).toContain("You left Studio");
    expect(await roleOf(workspace, owner.id)).toBeNull();
    expect(await auditActions(workspace)).toEqual(["ownership.transferred", "member.left"]);
  });

  it("a personal workspace cannot be left by, or handed away from, its account", async () => {
    const owner = await person("premium");
    const member = await person();
    const workspace = personalWorkspaceId(owner.id);
    await db
      .insert(workspaceMembers)
      .values({ workspaceId: workspace, userId: member.id, role: "admin", createdAt: new Date() });
    const plainly =
      "This is your personal workspace: it belongs to your account, so it cannot be left or handed over.";
    expect(await landing(owner, await teamPost(owner, workspace, { intent: "leave" }))).toContain(
      plainly,
    );
    expect(
      await landing(
        owner,
        await teamPost(owner, workspace, { intent: "transfer", member: member.id }),
      ),
    ).toContain(plainly);
    expect(textOf(await teamTab(owner))).toContain(plainly);
    expect(await roleOf(workspace, owner.id)).toBe("owner");
    expect(await roleOf(workspace, member.id)).toBe("admin");
  });
});

describe("leaving and removal", () => {
  it("a removed member loses the workspace on their next request; their codes stay", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const editor = await person();
    await db
      .insert(workspaceMembers)
      .values({ workspaceId: workspace, userId: editor.id, role: "editor", createdAt: new Date() });
    await switchTo(editor, workspace);
    const saved = await generate(
      {
        type: "url",
        data: { url: "https://example.com/menu" },
        customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
        title: "Menu board",
        save: "true",
      },
      { cookie: editor.cookies, headers: { Origin: ORIGIN } },
    );
    expect(saved.status).toBe(200);
    expect(await get(editor, "/dashboard").then((r) => r.text())).toContain("Menu board");

    // Not by themselves: leaving is for that.
    await switchTo(owner, workspace);
    const removed = await landing(
      owner,
      await teamPost(owner, workspace, { intent: "remove", member: editor.id }),
    );
    expect(removed).toContain("Member removed");
    expect(await roleOf(workspace, editor.id)).toBeNull();

    const next = await get(editor, "/dashboard").then((r) => r.text());
    expect(next).not.toContain("Menu board");
    expect(next).not.toContain('action="/workspace/switch"');
    expect(await get(owner, "/dashboard").then((r) => r.text())).toContain("Menu board");
  });

  it("a member leaves, and lands in their own workspace", async () => {
    const owner = await person("premium");
    const viewer = await person();
    const workspace = await teamWorkspace(owner, [[viewer, "viewer"]]);
    await switchTo(viewer, workspace);
    const left = await teamPost(viewer, workspace, { intent: "leave" });
    expect(await landing(viewer, left)).toContain("You left Studio");
    expect(await roleOf(workspace, viewer.id)).toBeNull();
    expect(textOf(await teamTab(viewer))).toContain("Personal");
  });
});

describe("across workspaces (IDOR)", () => {
  it("members and invitations of one workspace cannot be touched from another, by id or by a forged workspace", async () => {
    const ownerA = await person("premium");
    const memberA = await person();
    const workspaceA = personalWorkspaceId(ownerA.id);
    await db.insert(workspaceMembers).values({
      workspaceId: workspaceA,
      userId: memberA.id,
      role: "editor",
      createdAt: new Date(),
    });
    const invitedA = `a-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await invite(ownerA, workspaceA, invitedA);
    const invitationA = (await invitationRows(workspaceA))[0]!;

    const ownerB = await person("ultimate");
    const workspaceB = personalWorkspaceId(ownerB.id);
    const before = {
      // The rows only: D1's meta (timings) differs from one query to the next.
      members: (
        await env.DB.prepare("SELECT * FROM workspace_members WHERE workspace_id = ?")
          .bind(workspaceA)
          .all()
      ).results,
      invitations: await invitationRows(workspaceA),
      workspace: await env.DB.prepare("SELECT * FROM workspaces WHERE id = ?")
        .bind(workspaceA)
        .first(),
    };

    for (const fields of <Record<string, string>[]>[
      { intent: "remove", member: memberA.id },
      { intent: "change-role", member: memberA.id, role: "viewer" },
      { intent: "transfer", member: memberA.id },
      { intent: "revoke", invitation: invitationA.id },
    ]) {
      const response = await teamPost(ownerB, workspaceB, fields);
      expect(response.status).toBe(303);
      expect(await landing(ownerB, response)).toMatch(/not found|personal workspace/);
      // Naming the other workspace does not help: the current one is checked, not the form's.
      const forged = await teamPost(ownerB, workspaceA, fields);
      expect(await landing(ownerB, forged)).toContain("This page was for another workspace.");
    }
    const forgedRename = await teamPost(ownerB, workspaceA, {
      intent: "rename-workspace",
      name: "Mine",
    });
    expect(await landing(ownerB, forgedRename)).toContain("This page was for another workspace.");

    expect({
      // The rows only: D1's meta (timings) differs from one query to the next.
      members: (
        await env.DB.prepare("SELECT * FROM workspace_members WHERE workspace_id = ?")
          .bind(workspaceA)
          .all()
      ).results,
      invitations: await invitationRows(workspaceA),
      workspace: await env.DB.prepare("SELECT * FROM workspaces WHERE id = ?")
        .bind(workspaceA)
        .first(),
    }).toEqual(before);
    const tabB = await teamTab(ownerB);
    expect(tabB).not.toContain(memberA.email);
    expect(tabB).not.toContain(invitedA);
    expect(await auditActions(workspaceB)).not.toContain("member.removed");
  });
});

describe("the audit log", () => {
  it("tells who did what and when, newest first, 20 a page, to owners and admins only", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const grace = await person("free", "grace");
    await invite(owner, workspace, grace.email, "editor");
    await post(grace, await invitationLink(grace.email), {});
    const saved = await generate(
      {
        type: "url",
        data: { url: "https://example.com/a" },
        customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
        title: "Poster",
        save: "true",
      },
      { cookie: grace.cookies, headers: { Origin: ORIGIN } },
    );
    const { id } = await saved.json<{ id: number }>();
    await post(owner, "/dashboard", { intent: "visibility", id: String(id), public: "true" });
    await post(owner, "/dashboard", { intent: "delete", id: String(id) });
    await teamPost(owner, workspace, { intent: "change-role", member: grace.id, role: "viewer" });
    await teamPost(owner, workspace, { intent: "rename-workspace", name: "Ada's studio" });
    await invite(owner, workspace, "late@example.com", "admin");
    const late = (await invitationRows(workspace)).find((row) => row.email === "late@example.com")!;
    await teamPost(owner, workspace, { intent: "revoke", invitation: late.id });
    await teamPost(owner, workspace, { intent: "remove", member: grace.id });

    expect(await auditActions(workspace)).toEqual([
      "plan.changed",
      "invitation.created",
      "member.joined",
      "code.created",
      "code.made_public",
      "code.deleted",
      "member.role_changed",
      "workspace.renamed",
      "invitation.created",
      "invitation.revoked",
      "member.removed",
    ]);
    const log = textOf(await teamTab(owner));
    const lines = [
      "Ada Lovelace removed Ada Lovelace (viewer)",
      "Ada Lovelace revoked the invitation of late@example.com",
      "Ada Lovelace invited late@example.com as admin",
      "Ada Lovelace renamed the workspace from “Personal” to “Ada's studio”",
      "Ada Lovelace changed the role of Ada Lovelace from editor to viewer",
      "Ada Lovelace deleted the code “Poster”",
      "Ada Lovelace made the code “Poster” public",
      "Ada Lovelace created the code “Poster”",
      "Ada Lovelace joined as editor",
      `Ada Lovelace invited ${grace.email} as editor`,
      "Ada Lovelace started a Premium trial",
    ];
    let at = log.indexOf("Activity");
    for (const line of lines) {
      const found = log.indexOf(line, at);
      expect(found, line).toBeGreaterThan(at);
      at = found;
    }
    expect(await teamTab(owner)).toMatch(
      /<time dateTime="\d{4}-\d\d-\d\dT[^"]+Z" title="[^"]+ UTC"[^>]*>just now<\/time>/,
    );

    // Paged: 20 a page, the older ones behind a link.
    const now = Date.now();
    const statements = Array.from({ length: 25 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO audit_events (workspace_id, actor_id, actor_email, action, details, created_at) VALUES (?, ?, ?, 'workspace.renamed', ?, ?)",
      ).bind(
        workspace,
        owner.id,
        owner.email,
        JSON.stringify({ from: `Old ${i}`, to: `New ${i}` }),
        now - (i + 1) * 86_400_000,
      ),
    );
    await env.DB.batch(statements);
    const first = textOf(await teamTab(owner));
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain("Ada Lovelace removed");
    expect(first).toContain("“New 0”");
    expect(first).toContain("“New 8”");
    expect(first).not.toContain("“New 9”");
    const second = textOf(await teamTab(owner, "&page=2"));
    expect(second).toContain("Page 2 of 2");
    expect(second).toContain("“New 9”");
    expect(second).toContain("“New 24”");
    expect(first).toContain("started a Premium trial");
    expect(second).not.toContain("Ada Lovelace removed");
  });

  it("records plan changes in every workspace the person owns", async () => {
    const owner = await person("premium");
    const team = await teamWorkspace(owner, []);
    const change = await post(owner, "/dashboard?tab=plans", {
      intent: "change",
      target: "free",
      action: "downgrade",
    });
    expect(await landing(owner, change)).toContain("Plan Changed Successfully");
    for (const workspace of [personalWorkspaceId(owner.id), team]) {
      expect(await auditActions(workspace)).toContain("plan.changed");
    }
    await switchTo(owner, team);
    expect(textOf(await teamTab(owner))).toContain(
      "Ada Lovelace changed the plan from Premium to Free",
    );
  });
});

describe("naming and creating workspaces", () => {
  it("the owner renames the personal workspace, and its members see the new name in their menu", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const member = await person();
    await db
      .insert(workspaceMembers)
      .values({ workspaceId: workspace, userId: member.id, role: "viewer", createdAt: new Date() });
    expect(await get(member, "/dashboard").then((r) => r.text())).toContain(
      "Ada Lovelace&#x27;s workspace",
    );
    await teamPost(owner, workspace, { intent: "rename-workspace", name: "Lovelace & Co" });
    const menu = await get(member, "/dashboard").then((r) => r.text());
    expect(menu).toContain("Lovelace &amp; Co");
    // A name reaches e-mail subjects: a line break is refused with a message (issue #27).
    const header = await teamPost(owner, workspace, {
      intent: "rename-workspace",
      name: "Line\r\nBcc: x@example.com",
    });
    expect(await landing(owner, header)).toContain(
      "Please write this on one line, without line breaks, tabs or other control characters.",
    );
    const renamed = await env.DB.prepare("SELECT name FROM workspaces WHERE id = ?")
      .bind(workspace)
      .first();
    expect(renamed).toEqual({ name: "Lovelace & Co" });
    const empty = await teamPost(owner, workspace, { intent: "rename-workspace", name: "  " });
    expect(await landing(owner, empty)).toContain("Give the workspace a name.");
  });

  it("a paying person creates a team workspace, owns it and acts in it; Free cannot", async () => {
    const free = await person("free");
    const refused = await post(free, "/dashboard", {
      intent: "create-workspace",
      name: "Side project",
    });
    expect(await landing(free, refused)).toContain("Team workspaces need Premium or Ultimate");
    const premium = await person("premium");
    const created = await post(premium, "/dashboard", {
      intent: "create-workspace",
      name: "Agency",
    });
    const tab = await landing(premium, created);
    expect(tab).toContain("Created Agency");
    expect(tab).toContain("Workspace Agency · you are owner");
    expect(tab).toContain("1 of 5 seats used");
    const { results } = await env.DB.prepare(
      "SELECT id, personal FROM workspaces WHERE owner_id = ?",
    )
      .bind(premium.id)
      .all();
    expect(results).toHaveLength(2);
  });
});

describe("deleting a team workspace", () => {
  it("only its owner deletes it, after typing its name; its codes go, and its members land in their own", async () => {
    const owner = await person("premium");
    const admin = await person();
    const editor = await person();
    const workspace = await teamWorkspace(owner, [
      [admin, "admin"],
      [editor, "editor"],
    ]);
    await switchTo(editor, workspace);
    const saved = await generate(
      {
        type: "text",
        data: { text: "Team note" },
        customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
        title: "Studio sign",
        save: "true",
      },
      { cookie: editor.cookies, headers: { Origin: ORIGIN } },
    );
    expect(saved.status).toBe(200);

    // An admin manages the team but cannot delete it, and sees no button for it.
    await switchTo(admin, workspace);
    expect(textOf(await teamTab(admin))).not.toContain("Delete this workspace");
    const byAdmin = await teamPost(admin, workspace, {
      intent: "delete-workspace",
      confirm: "Studio",
    });
    expect(byAdmin.status).toBe(403);

    await switchTo(owner, workspace);
    expect(textOf(await teamTab(owner))).toContain("Delete this workspace");
    const mistyped = await teamPost(owner, workspace, {
      intent: "delete-workspace",
      confirm: "studio",
    });
    expect(await landing(owner, mistyped)).toContain(
      "To confirm, type the workspace's name exactly: Studio",
    );
    const stillThere = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM qr_codes WHERE workspace_id = ?",
    )
      .bind(workspace)
      .first();
    expect(stillThere).toEqual({ n: 1 });

    const deleted = await teamPost(owner, workspace, {
      intent: "delete-workspace",
      confirm: "Studio",
    });
    expect(deleted.headers.get("Location")).toBe("/dashboard");
    const landed = await landing(owner, deleted);
    expect(landed).toContain("Deleted Studio");
    expect(landed).toContain("You are in your personal workspace.");
    for (const table of ["workspaces", "workspace_members", "qr_codes", "audit_events"]) {
      const column = table === "workspaces" ? "id" : "workspace_id";
      const left = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`)
        .bind(workspace)
        .first();
      expect(left, table).toEqual({ n: 0 });
    }
    // The editor's next page is their own workspace, without the team's code.
    const next = textOf(await get(editor, "/dashboard").then((r) => r.text()));
    expect(next).not.toContain("Studio sign");
    expect(textOf(await teamTab(editor))).toContain("This is your personal workspace");
  });

  it("a personal workspace is never deleted on its own", async () => {
    const owner = await person("premium");
    const workspace = personalWorkspaceId(owner.id);
    const refused = await teamPost(owner, workspace, {
      intent: "delete-workspace",
      confirm: "Personal",
    });
    expect(await landing(owner, refused)).toContain(
      "Your personal workspace goes only with your account.",
    );
    expect(textOf(await teamTab(owner))).not.toContain("Delete this workspace");
    const row = await env.DB.prepare("SELECT id FROM workspaces WHERE id = ?")
      .bind(workspace)
      .first();
    expect(row).toEqual({ id: workspace });
  });
});

describe("team members see their workspace's plan (issue #29 item 6)", () => {
  async function switchTo(who: Person, workspace: string) {
    const switched = await post(who, "/workspace/switch", { workspace, redirect: "/dashboard" });
    expect(switched.status).toBe(303);
  }

  it("an editor in an Ultimate workspace sees its plan and who pays, not 'Upgrade Now' or 'Current plan Free'", async () => {
    const owner = await person("ultimate", "owner");
    const workspace = personalWorkspaceId(owner.id);
    const editor = await person("free", "editor");
    await db
      .insert(workspaceMembers)
      .values({ workspaceId: workspace, userId: editor.id, role: "editor", createdAt: new Date() });

    const own = textOf(await (await get(editor, "/dashboard?tab=plans")).text());
    expect(own).toContain("Upgrade Now");
    expect(own).toContain("Current plan Free");

    await switchTo(editor, workspace);
    const page = textOf(await (await get(editor, "/dashboard?tab=plans")).text());
    expect(page).toContain("Workspace plan Ultimate");
    expect(page).toContain("Paid for by Ada Lovelace (owner)");
    expect(page).toContain("Your own account is on the Free plan");
    expect(page).not.toContain("Upgrade Now");
    expect(page).not.toContain("Current plan");
  });

  it("the invitation's sign-up and sign-in forms open with the invited address", async () => {
    const owner = await person("premium");
    const invitedEmail = `grace-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await invite(owner, personalWorkspaceId(owner.id), invitedEmail, "editor");
    const link = await invitationLink(invitedEmail);
    const invitation = await (await get(null, link)).text();
    const signUp = /href="(\/auth\?mode=signup&amp;redirect=[^"]*)"/
      .exec(invitation)![1]!
      .replaceAll("&amp;", "&");
    expect(new URL(signUp, ORIGIN).searchParams.get("email")).toBe(invitedEmail);
    const form = await (await get(null, signUp)).text();
    expect(form).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${invitedEmail}"`));
    // Anything but an address is ignored.
    const odd = await (
      await get(null, `/auth?mode=signup&email=${encodeURIComponent('"><b>')}`)
    ).text();
    expect(odd).not.toMatch(/<input[^>]*name="email"[^>]*value=/);
  });

  it("'Create a team workspace' is in the user menu and opens at the top of the Team tab", async () => {
    const owner = await person("premium");
    const home = await (await get(owner, "/")).text();
    expect(home).toContain('href="/dashboard?tab=team&amp;create=1#create-workspace"');
    const team = await (await get(owner, "/dashboard?tab=team&create=1")).text();
    const create = team.indexOf('id="create-workspace"');
    expect(create).toBeGreaterThan(0);
    expect(team.slice(create - 200, create + 100)).toMatch(/<details[^>]*open/);
    expect(create).toBeLessThan(team.indexOf('id="team-heading"'));
    // A Free account cannot own a team workspace: the menu does not offer one. (The words travel
    // in the page's message catalogue, so the link is what is looked for.)
    const free = await person("free");
    expect(await (await get(free, "/")).text()).not.toContain(
      'href="/dashboard?tab=team&amp;create=1#create-workspace"',
    );
  });
});
