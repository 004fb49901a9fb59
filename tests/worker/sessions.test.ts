import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { auditEvents, sessions, workspaceMembers, workspaces } from "../../app/db/schema";
import { purgeExpiredSessionRows } from "../../app/jobs/session-index.server";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson } from "./accounts";
import { appFetch, ORIGIN } from "./app";
import { landOn, pageText } from "./forms";

// Issue #31: every signed-in browser is listed on /account (device, place, sign-in method, last
// use) and can be ended from another one; a workspace on Ultimate can ask its members to sign in
// again after a while.

const db = createDatabase(env.DB);

const CHROME_ON_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const FIREFOX_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0";

interface Browser {
  userId: string;
  email: string;
  password: string;
  /** The cookies this browser holds (session, workspace choice), as a browser keeps them. */
  cookies: string;
}

function keepCookies(browser: Browser, response: Response) {
  const jar = new Map(
    browser.cookies
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else if (name !== "qr_flash") jar.set(name, pair);
  }
  browser.cookies = [...jar.values()].join("; ");
}

async function signUp(plan: "free" | "premium" | "ultimate" = "free"): Promise<Browser> {
  const person = newPerson("sessions");
  const response = await postJson("/api/auth/signup", { ...person, plan });
  expect(response.status).toBe(201);
  const { id } = await response.json<{ id: string }>();
  return {
    userId: id,
    email: person.email,
    password: person.password,
    cookies: cookieFrom(response, "qr_session")!,
  };
}

/** The same person signing in from another browser. */
async function signInElsewhere(who: Browser, userAgent = FIREFOX_ON_WINDOWS): Promise<Browser> {
  const response = await appFetch("/api/auth/signin", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "User-Agent": userAgent },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(response.status).toBe(200);
  return { ...who, cookies: cookieFrom(response, "qr_session")! };
}

async function get(browser: Browser, path: string, headers: Record<string, string> = {}) {
  const response = await appFetch(path, { headers: { Cookie: browser.cookies, ...headers } });
  keepCookies(browser, response);
  return response;
}

async function post(browser: Browser, path: string, fields: Record<string, string>) {
  const response = await appFetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: browser.cookies },
    body: new URLSearchParams(fields),
  });
  return response;
}

const signedIn = async (browser: Browser) =>
  (await appFetch("/api/auth/user", { headers: { Cookie: browser.cookies } })).status === 200;

const rowsOf = (userId: string) =>
  db.select().from(sessions).where(eq(sessions.userId, userId)).all();

/** The raw session id inside a signed cookie (what must never reach a page). */
function rawSessionId(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return JSON.parse(atob(value.slice(0, value.lastIndexOf(".")))) as string;
}

/** The "End" forms of /account: the row ids they post. */
async function endableIds(browser: Browser): Promise<string[]> {
  const html = await (await get(browser, "/account")).text();
  return [...html.matchAll(/name="session" value="([^"]+)"/g)].map((match) => match[1]!);
}

/** Moves a session's sign-in (and last recorded use) `ms` into the past, in KV. */
async function ageSession(hash: string, ms: number) {
  const key = `session-h:${hash}`;
  const data = (await env.SESSIONS.get<Record<string, number>>(key, "json"))!;
  for (const field of ["signedInAt", "touchedAt"] as const) {
    if (typeof data[field] === "number") data[field] -= ms;
  }
  data.signedInAt ??= data.createdAt! - ms;
  await env.SESSIONS.put(key, JSON.stringify(data));
}

describe("the session index", () => {
  it("gets a row on sign-in (device, method, never the raw id) and loses it on sign-out", async () => {
    const who = await signUp();
    const browser = await signInElsewhere(who, CHROME_ON_MAC);
    const rows = await rowsOf(who.userId);
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.device === "Chrome on macOS")!;
    expect(row).toMatchObject({ method: "password", userId: who.userId });
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row.id).not.toBe(rawSessionId(browser.cookies));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(await env.SESSIONS.get(`session-h:${row.id}`)).not.toBeNull();

    const out = await post(browser, "/api/auth/logout", {});
    expect(out.status).toBe(303);
    expect((await rowsOf(who.userId)).map((r) => r.id)).not.toContain(row.id);
    expect(await env.SESSIONS.get(`session-h:${row.id}`)).toBeNull();
    expect(await signedIn(who)).toBe(true);
  });

  it("records the last use at most every five minutes, after the response", async () => {
    const who = await signUp();
    const [row] = await rowsOf(who.userId);
    expect(await signedIn(who)).toBe(true);
    expect(await signedIn(who)).toBe(true);
    expect((await rowsOf(who.userId))[0]!.lastUsedAt).toEqual(row!.lastUsedAt);

    // Six minutes later (as KV remembers it), the next request records a use, once.
    const key = `session-h:${row!.id}`;
    const data = (await env.SESSIONS.get<Record<string, number>>(key, "json"))!;
    await env.SESSIONS.put(key, JSON.stringify({ ...data, touchedAt: Date.now() - 6 * 60_000 }));
    expect(await signedIn(who)).toBe(true);
    await vi.waitFor(async () => {
      const touched = (await rowsOf(who.userId))[0]!;
      expect(touched.lastUsedAt.getTime()).toBeGreaterThan(row!.lastUsedAt.getTime());
      const stored = (await env.SESSIONS.get<Record<string, number>>(key, "json"))!;
      expect(stored.touchedAt).toBeGreaterThan(Date.now() - 60_000);
    });
    const once = (await rowsOf(who.userId))[0]!.lastUsedAt;
    expect(await signedIn(who)).toBe(true);
    expect((await rowsOf(who.userId))[0]!.lastUsedAt).toEqual(once);
  });

  it("is cleaned by the nightly job once the sessions have expired", async () => {
    const who = await signUp();
    const later = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    expect((await rowsOf(who.userId)).length).toBe(1);
    const report = await purgeExpiredSessionRows(db, later);
    expect(report.deleted).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(who.userId)).toEqual([]);
  });
});

describe("/account's sessions", () => {
  it("lists each browser, marks this one, and ending another signs that browser out", async () => {
    const who = await signUp();
    const other = await signInElsewhere(who, FIREFOX_ON_WINDOWS);
    const page = await get(who, "/account");
    const html = await page.text();
    const text = textOf(html);
    expect(text).toContain("Sessions");
    expect(text).toContain("This device");
    expect(text).toContain("Firefox on Windows");
    expect(text).toContain("Sign out everywhere else");
    // The session ids stay in the cookies: the page names rows only by their hash.
    expect(html).not.toContain(rawSessionId(who.cookies));
    expect(html).not.toContain(rawSessionId(other.cookies));
    const ids = await endableIds(who);
    expect(ids).toHaveLength(1);

    const ended = await post(who, "/account", { intent: "end-session", session: ids[0]! });
    expect(ended.status).toBe(303);
    expect(await landOn(ended, who.cookies)).toContain("Firefox on Windows is signed out.");
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(who)).toBe(true);
    expect(await env.SESSIONS.get(`session-h:${ids[0]}`)).toBeNull();
    expect(await endableIds(who)).toEqual([]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, personalWorkspaceId(who.userId)))
      .all();
    expect(audit.map((entry) => entry.action)).toContain("session.ended");

    // Ending it again says it is gone, with a 4xx.
    const again = await post(who, "/account", { intent: "end-session", session: ids[0]! });
    expect(again.status).toBe(404);
    expect(textOf(await again.text())).toContain("That session has already ended");
  });

  it("speaks the account's language: devices, places, methods, toasts and refusals (issue #32)", async () => {
    const who = await signUp();
    await env.DB.prepare("UPDATE users SET language = 'de' WHERE id = ?").bind(who.userId).run();
    await signInElsewhere(who, FIREFOX_ON_WINDOWS);
    const text = textOf(await (await get(who, "/account")).text());
    expect(text).toContain("Firefox unter Windows");
    expect(text).toContain("Unbekanntes Gerät");
    expect(text).toContain("Unbekannter Ort · Passwort");
    expect(text).not.toContain("Firefox on Windows");

    const ended = await post(who, "/account", {
      intent: "end-session",
      session: (await endableIds(who))[0]!,
    });
    expect(await landOn(ended, who.cookies)).toContain("Firefox unter Windows ist abgemeldet.");
    const own = (await rowsOf(who.userId))[0]!.id;
    const refused = await post(who, "/account", { intent: "end-session", session: own });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("Das ist die Sitzung, die du gerade nutzt.");
  });

  it("cannot end another person's session, even with its row id", async () => {
    const attacker = await signUp();
    const victim = await signUp();
    const [victimRow] = await rowsOf(victim.userId);
    const attack = await post(attacker, "/account", {
      intent: "end-session",
      session: victimRow!.id,
    });
    expect(attack.status).toBe(404);
    expect(await signedIn(victim)).toBe(true);
    expect(await rowsOf(victim.userId)).toHaveLength(1);
    expect(await env.SESSIONS.get(`session-h:${victimRow!.id}`)).not.toBeNull();
    // Nor is the row id a cookie.
    const forged = { ...victim, cookies: `qr_session=${victimRow!.id}` };
    expect(await signedIn(forged)).toBe(false);
  });

  it("refuses to end the session in use from its own list, and a post from another site", async () => {
    const who = await signUp();
    const [row] = await rowsOf(who.userId);
    const own = await post(who, "/account", { intent: "end-session", session: row!.id });
    expect(own.status).toBe(400);
    expect(textOf(await own.text())).toContain("This is the session you are using");
    const forged = await appFetch("/account", {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: who.cookies },
      body: new URLSearchParams({ intent: "end-session", session: row!.id }),
    });
    expect(forged.status).toBe(403);
    expect(await signedIn(who)).toBe(true);
  });

  it("signs out everywhere else, keeping this browser signed in with its sign-in time", async () => {
    const who = await signUp();
    const second = await signInElsewhere(who);
    const third = await signInElsewhere(who, CHROME_ON_MAC);
    const before = (await rowsOf(who.userId)).find((r) => r.device === "Unknown device")!;

    const response = await post(who, "/account", { intent: "sign-out-others" });
    expect(response.status).toBe(303);
    const old = who.cookies;
    keepCookies(who, response);
    expect(who.cookies).not.toBe(old);
    expect(await landOn(response, who.cookies)).toContain("Signed out everywhere else");
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn({ ...who, cookies: old })).toBe(false);
    expect(await signedIn(who)).toBe(true);
    const rows = await rowsOf(who.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.signedInAt).toEqual(before.signedInAt);
    expect(await endableIds(who)).toEqual([]);
  });

  it("a new password ends the other sessions, their rows and KV data included", async () => {
    const who = await signUp();
    const other = await signInElsewhere(who);
    const otherRow = (await rowsOf(who.userId)).find((r) => r.device === "Firefox on Windows")!;
    const response = await post(who, "/account", {
      intent: "password",
      currentPassword: who.password,
      newPassword: "a brand new password",
    });
    expect(response.status).toBe(303);
    keepCookies(who, response);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(who)).toBe(true);
    expect(await env.SESSIONS.get(`session-h:${otherRow.id}`)).toBeNull();
    expect((await rowsOf(who.userId)).map((r) => r.id)).not.toContain(otherRow.id);
  });

  it("lists the sign-in methods: the password, and no provider yet", async () => {
    const who = await signUp();
    const text = textOf(await (await get(who, "/account")).text());
    expect(text).toContain("Sign-in methods");
    expect(text).toMatch(/Password Set/);
  });
});

describe("a workspace's session length limit", () => {
  async function teamWorkspace(owner: Browser) {
    const created = await post(owner, "/dashboard", {
      intent: "create-workspace",
      name: "Acme",
    });
    expect(created.status).toBe(303);
    keepCookies(owner, created);
    const row = await db
      .select()
      .from(workspaces)
      .where(and(eq(workspaces.ownerId, owner.userId), eq(workspaces.personal, false)))
      .get();
    return row!.id;
  }

  async function join(member: Browser, workspace: string, role: "admin" | "editor") {
    await db
      .insert(workspaceMembers)
      .values({ workspaceId: workspace, userId: member.userId, role, createdAt: new Date() });
    const switched = await post(member, "/workspace/switch", { workspace });
    expect(switched.status).toBe(303);
    keepCookies(member, switched);
  }

  const limitOf = async (workspace: string) =>
    (await db.select().from(workspaces).where(eq(workspaces.id, workspace)).get())!
      .sessionLimitSeconds;

  it("sends a member whose sign-in is older to sign in again, and lets a fresh one in", async () => {
    const owner = await signUp("ultimate");
    const workspace = await teamWorkspace(owner);
    const set = await post(owner, "/dashboard", {
      intent: "session-limit",
      workspace,
      limit: "8h",
    });
    expect(set.status).toBe(303);
    expect(await landOn(set, owner.cookies)).toContain("Session limit saved");
    expect(await limitOf(workspace)).toBe(8 * 3600);
    const log = textOf(await (await get(owner, "/dashboard?tab=team")).text());
    expect(log).toContain("changed the session length limit from No limit to 8 hours");

    const member = await signUp();
    await join(member, workspace, "editor");
    expect((await get(member, "/dashboard")).status).toBe(200);

    const [row] = await rowsOf(member.userId);
    await ageSession(row!.id, 9 * 3600 * 1000);
    const refused = await get(member, "/dashboard?tab=team");
    expect(refused.status).toBe(303);
    const location = refused.headers.get("Location")!;
    expect(location).toBe(
      `/auth?mode=signin&again=1&redirect=${encodeURIComponent("/dashboard?tab=team")}`,
    );
    // The sign-in page shows itself (no loop back), with the reason.
    const signInPage = await landOn(refused, member.cookies);
    expect(signInPage).toContain("“Acme” asks its members to sign in again after 8 hours");
    expect(signInPage).toContain("Sign in");
    // In the language the browser chose, the toast too (issue #32).
    const german = `${member.cookies}; lang=de`;
    const inGerman = await appFetch("/dashboard?tab=team", { headers: { Cookie: german } });
    const flash = cookieFrom(inGerman, "qr_flash")!;
    const page = await pageText(`/de${inGerman.headers.get("Location")!}`, `${german}; ${flash}`);
    expect(page).toContain("Bitte melde dich erneut an");
    expect(page).toContain("„Acme“ verlangt von seinen Mitgliedern nach 8 Stunden eine erneute");
    // A script gets a 401 it can read.
    const json = await get(member, "/api/qr-codes", { Accept: "application/json" });
    expect(json.status).toBe(401);
    // Elsewhere the session still works.
    expect(await signedIn(member)).toBe(true);

    // Signing in again (the form of that page) lets them in.
    const again = await appFetch(location, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: member.cookies },
      body: new URLSearchParams({
        intent: "signin",
        email: member.email,
        password: member.password,
        redirect: "/dashboard?tab=team",
      }),
    });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/dashboard?tab=team");
    keepCookies(member, again);
    const inside = await get(member, "/dashboard?tab=team");
    expect(inside.status).toBe(200);
    expect(textOf(await inside.text())).toContain("Acme");

    // Rotating the session (sign out everywhere else) does not make the sign-in younger.
    const [fresh] = await rowsOf(member.userId);
    await ageSession(fresh!.id, 9 * 3600 * 1000);
    const rotated = await post(member, "/account", { intent: "sign-out-others" });
    keepCookies(member, rotated);
    expect((await get(member, "/dashboard")).status).toBe(303);
  });

  it("can be set only by an owner or admin, on Ultimate; removing it needs no plan", async () => {
    const owner = await signUp("ultimate");
    const workspace = await teamWorkspace(owner);
    const editor = await signUp();
    await join(editor, workspace, "editor");
    const byEditor = await post(editor, "/dashboard", {
      intent: "session-limit",
      workspace,
      limit: "1h",
    });
    expect(byEditor.status).toBe(403);
    expect(await limitOf(workspace)).toBeNull();
    expect(textOf(await (await get(editor, "/dashboard?tab=team")).text())).not.toContain(
      "Save limit",
    );

    const admin = await signUp();
    await join(admin, workspace, "admin");
    const byAdmin = await post(admin, "/dashboard", {
      intent: "session-limit",
      workspace,
      limit: "1h",
    });
    expect(byAdmin.status).toBe(303);
    expect(await limitOf(workspace)).toBe(3600);

    const bad = await post(admin, "/dashboard", {
      intent: "session-limit",
      workspace,
      limit: "5m",
    });
    expect(await landOn(bad, admin.cookies)).toContain("Choose one of the limits offered.");
    expect(await limitOf(workspace)).toBe(3600);

    // Another workspace's id in the form: refused as stale, nothing changes there.
    const premium = await signUp("premium");
    const premiumWorkspace = await teamWorkspace(premium);
    const crossed = await post(admin, "/dashboard", {
      intent: "session-limit",
      workspace: premiumWorkspace,
      limit: "1h",
    });
    expect(await landOn(crossed, admin.cookies)).toContain("Workspace changed");
    expect(await limitOf(premiumWorkspace)).toBeNull();

    // On Premium a limit cannot be set.
    const onPremium = await post(premium, "/dashboard", {
      intent: "session-limit",
      workspace: premiumWorkspace,
      limit: "24h",
    });
    expect(await landOn(onPremium, premium.cookies)).toContain(
      "A session length limit comes with the Ultimate plan",
    );
    expect(await limitOf(premiumWorkspace)).toBeNull();
    const none = await post(premium, "/dashboard", {
      intent: "session-limit",
      workspace: premiumWorkspace,
      limit: "none",
    });
    expect(await landOn(none, premium.cookies)).toContain("Session limit saved");
  });
});
