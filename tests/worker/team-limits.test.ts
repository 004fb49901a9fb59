import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { workspaceMembers, workspaces } from "../../app/db/schema";
import { MAIL_NAME_MAX } from "../../app/mail/templates";
import { textOf } from "../support/html";
import { cookieFrom, newPerson } from "./accounts";
import { person, type Person } from "./api-client";
import { appFetch, ORIGIN } from "./app";
import { latestMail } from "./mail";

// Issue #27 items 17 and 11: a plan's seats count people across every workspace its owner owns;
// invitations are limited per workspace and per address a day; names in invitation e-mails are
// plain, length-limited text.

const db = createDatabase(env.DB);

async function teamOf(owner: Person, name = "Studio") {
  const id = `ws_team_${crypto.randomUUID()}`;
  const now = new Date();
  await db.batch([
    db.insert(workspaces).values({ id, name, ownerId: owner.id, createdAt: now }),
    db
      .insert(workspaceMembers)
      .values({ workspaceId: id, userId: owner.id, role: "owner", createdAt: now }),
  ]);
  return id;
}

async function post(who: Person, path: string, fields: Record<string, string>) {
  const response = await appFetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies },
    body: new URLSearchParams(fields),
  });
  const chosen = cookieFrom(response, "qr_workspace");
  if (chosen) who.cookies = `${who.cookies.replace(/; qr_workspace=[^;]*/, "")}; ${chosen}`;
  return response;
}

/** Invites `email` to `workspace` from its team tab; the text of the page it lands on. */
async function invite(owner: Person, workspace: string, email: string) {
  await post(owner, "/workspace/switch", { workspace, redirect: "/dashboard" });
  const response = await post(owner, "/dashboard", {
    workspace,
    intent: "invite",
    email,
    role: "editor",
  });
  expect(response.status).toBe(303);
  const flash = cookieFrom(response, "qr_flash");
  const page = await appFetch(response.headers.get("Location")!, {
    headers: { Cookie: `${owner.cookies}; ${flash}` },
  });
  return textOf(await page.text());
}

async function pendingTo(email: string) {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM workspace_invitations WHERE email = ? AND revoked_at IS NULL",
  )
    .bind(email)
    .first<{ n: number }>();
  return row!.n;
}

const address = () => newPerson("guest").email;

describe("seats across an owner's workspaces", () => {
  it("Premium's 5 seats are shared by two team workspaces; the 6th person is refused with the upgrade", async () => {
    const owner = await person("premium");
    const studio = await teamOf(owner, "Studio");
    const shop = await teamOf(owner, "Shop");
    const guests = [address(), address(), address(), address()];
    for (const guest of guests.slice(0, 2)) {
      expect(await invite(owner, studio, guest)).toContain("Invitation sent");
    }
    for (const guest of guests.slice(2)) {
      expect(await invite(owner, shop, guest)).toContain("Invitation sent");
    }
    // Owner + 4 invited people: 5 of 5, whichever workspace looks.
    const sixth = address();
    const refused = await invite(owner, shop, sixth);
    expect(refused).toContain("Invitation not sent");
    expect(refused).toContain(
      "Your Premium plan includes 5 seats, and all 5 are used (members and pending invitations of all your workspaces, each person once). Upgrade to Ultimate for up to 25",
    );
    expect(refused).toContain("5 of 5 seats used");
    expect(await pendingTo(sixth)).toBe(0);

    // Someone already holding a seat takes no new one in the other workspace.
    expect(await invite(owner, shop, guests[0]!)).toContain("Invitation sent");
    expect(await invite(owner, studio, sixth)).toContain("Invitation not sent");
  });
});

describe("daily limits on invitations", () => {
  it("one address gets at most 3 invitations a day, revoked ones included", async () => {
    const owner = await person("ultimate");
    const studio = await teamOf(owner);
    const guest = address();
    for (let i = 0; i < 3; i += 1) {
      expect(await invite(owner, studio, guest)).toContain("Invitation sent");
      await env.DB.prepare(
        "UPDATE workspace_invitations SET revoked_at = ? WHERE email = ? AND revoked_at IS NULL",
      )
        .bind(Date.now(), guest)
        .run();
    }
    // A fourth, even from another owner's workspace, waits for tomorrow.
    const other = await person("ultimate");
    const refused = await invite(other, await teamOf(other), guest);
    expect(refused).toContain("Invitation not sent");
    expect(refused).toContain(
      `${guest} was sent 3 invitations in the last 24 hours, the most one address receives in a day. Try again tomorrow`,
    );
    expect(await pendingTo(guest)).toBe(0);
  });

  it("case and +tags do not make a new address: A@x, a+1@x and a+2@x fill the same mailbox's 3", async () => {
    const owner = await person("ultimate");
    const studio = await teamOf(owner);
    const mailbox = address();
    const [local, domain] = mailbox.split("@") as [string, string];
    for (const variant of [
      mailbox.toUpperCase(),
      `${local}+1@${domain}`,
      `${local}+two@${domain}`,
    ]) {
      expect(await invite(owner, studio, variant)).toContain("Invitation sent");
    }
    // Each variant reaches the same inbox: the fourth waits for tomorrow, whatever its tag.
    for (const variant of [`${local}+3@${domain}`, `${local.toUpperCase()}+again@${domain}`]) {
      const refused = await invite(owner, studio, variant);
      expect(refused).toContain("Invitation not sent");
      expect(refused).toContain(
        `${mailbox} was sent 3 invitations in the last 24 hours, the most one address receives in a day.`,
      );
    }
    expect(await pendingTo(`${local}+3@${domain}`)).toBe(0);
    expect(await pendingTo(mailbox)).toBe(1);
    // Another mailbox of the same domain, or one whose name only starts the same, is not counted.
    expect(await invite(owner, studio, `${local}x@${domain}`)).toContain("Invitation sent");
    expect(await invite(owner, studio, `${local}+4@other-${domain}`)).toContain("Invitation sent");
  });

  it("a workspace sends at most 50 invitations a day", async () => {
    const owner = await person("ultimate");
    const studio = await teamOf(owner);
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 50 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, created_at, expires_at, revoked_at) VALUES (?, ?, ?, 'viewer', ?, ?, ?, ?, ?)",
        ).bind(
          `inv_${crypto.randomUUID()}`,
          studio,
          `sent${i}-${crypto.randomUUID()}@example.com`,
          crypto.randomUUID(),
          owner.id,
          now - 60_000,
          now + 86_400_000,
          now - 30_000,
        ),
      ),
    );
    const guest = address();
    const refused = await invite(owner, studio, guest);
    expect(refused).toContain(
      "This workspace and the others of its owner sent 50 invitations in the last 24 hours, the most they can send in a day. Try again tomorrow.",
    );
    expect(await pendingTo(guest)).toBe(0);
  });

  it("a new team workspace does not reset the day's 50: the limit is the owner's, across all their workspaces", async () => {
    const owner = await person("ultimate");
    const studio = await teamOf(owner, "Studio");
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 50 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, created_at, expires_at, revoked_at) VALUES (?, ?, ?, 'viewer', ?, ?, ?, ?, ?)",
        ).bind(
          `inv_${crypto.randomUUID()}`,
          studio,
          `sent${i}-${crypto.randomUUID()}@example.com`,
          crypto.randomUUID(),
          owner.id,
          now - 60_000,
          now + 86_400_000,
          now - 30_000,
        ),
      ),
    );
    // Creating workspaces is free on a paid plan (or a trial): each would otherwise bring 50 more.
    const spare = await teamOf(owner, "Spare");
    const guest = address();
    const refused = await invite(owner, spare, guest);
    expect(refused).toContain("Invitation not sent");
    expect(refused).toContain(
      "This workspace and the others of its owner sent 50 invitations in the last 24 hours",
    );
    expect(await pendingTo(guest)).toBe(0);
    // Another owner's workspaces have their own 50.
    const other = await person("ultimate");
    expect(await invite(other, await teamOf(other), address())).toContain("Invitation sent");
  });
});

describe("names in invitation e-mails", () => {
  it("are plain text on one line, at most MAIL_NAME_MAX characters", async () => {
    const owner = await person("premium");
    const studio = await teamOf(owner, `Studio\u202e ${"W".repeat(200)}`);
    await env.DB.prepare("UPDATE users SET first_name = ?, last_name = ? WHERE id = ?")
      .bind("Ada\r\nBcc: victim@example.com", "\u200bLovelace", owner.id)
      .run();
    const guest = address();
    expect(await invite(owner, studio, guest)).toContain("Invitation sent");
    const mail = await latestMail(guest, /invited you/);
    expect(mail).toBeDefined();
    expect(mail!.subject).not.toMatch(/[\r\n\u202e\u200b]/);
    expect(mail!.subject).toMatch(
      /^Ada Bcc: victim@example\.com Lovelace invited you to Studio W+…/,
    );
    const workspaceName = /invited you to (.*?) on /.exec(mail!.subject)![1]!;
    expect([...workspaceName].length).toBe(MAIL_NAME_MAX);
    expect(mail!.text).not.toContain("\u202e");
    expect(mail!.text).not.toContain("W".repeat(MAIL_NAME_MAX));
  });
});
