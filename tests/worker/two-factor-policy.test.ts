import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { workspaceMembers } from "../../app/db/schema";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, signUp } from "./accounts";
import { api, makeKey } from "./api-client";
import { appFetch, ORIGIN } from "./app";
import { personWithTwoFactor, setUpTwoFactor } from "./two-factor";

// "Require two-factor sign-in" (issue #31): an Ultimate workspace's owners and admins require
// it; a member without it is sent to set it up before entering, and gets in once they have.
// API keys keep working: they are not sign-ins.

const db = createDatabase(env.DB);

interface Browser {
  id: string;
  cookies: string;
}

function keep(who: Browser, response: Response) {
  const jar = new Map(
    who.cookies.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  who.cookies = [...jar.values()].join("; ");
}

async function post(who: Browser, path: string, fields: Record<string, string>) {
  const response = await appFetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies },
    body: new URLSearchParams(fields),
  });
  keep(who, response);
  return response;
}

async function get(who: Browser, path: string) {
  const response = await appFetch(path, { headers: { Cookie: who.cookies } });
  keep(who, response);
  return response;
}

async function member(plan: "free" | "ultimate" = "free"): Promise<Browser> {
  const { cookie, response } = await signUp({ ...newPerson("member"), plan });
  const { id } = await response.json<{ id: string }>();
  return { id, cookies: cookie };
}

async function ownerWithTwoFactor(plan: "premium" | "ultimate") {
  const owner = await personWithTwoFactor(plan);
  return { id: owner.userId, email: owner.person.email, cookies: owner.cookie };
}

const setPolicy = (who: Browser, workspace: string, on: boolean) =>
  post(who, "/dashboard", {
    intent: "two-factor-policy",
    workspace,
    ...(on ? { requireTwoFactor: "on" } : {}),
  });

async function required(workspace: string) {
  const row = await env.DB.prepare("SELECT require_two_factor AS r FROM workspaces WHERE id = ?")
    .bind(workspace)
    .first<{ r: number }>();
  return row?.r === 1;
}

async function auditActions(workspace: string) {
  const { results } = await env.DB.prepare(
    "SELECT action FROM audit_events WHERE workspace_id = ? ORDER BY id",
  )
    .bind(workspace)
    .all<{ action: string }>();
  return results.map((row) => row.action);
}

async function join(workspace: string, who: Browser, role: "editor" | "viewer" | "admin") {
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: workspace, userId: who.id, role, createdAt: new Date() });
  const switched = await post(who, "/workspace/switch", { workspace, redirect: "/dashboard" });
  expect(switched.status).toBe(303);
}

async function landing(who: Browser, response: Response) {
  expect(response.status).toBe(303);
  const flash = cookieFrom(response, "qr_flash");
  const page = await appFetch(response.headers.get("Location")!, {
    headers: { Cookie: [who.cookies, flash].filter(Boolean).join("; ") },
  });
  return textOf(await page.text());
}

describe("requiring two-factor sign-in in a workspace", () => {
  it("keeps a member without it out until they set it up; API keys keep working", async () => {
    const owner = await ownerWithTwoFactor("ultimate");
    const workspace = personalWorkspaceId(owner.id);
    const key = await makeKey(owner);
    const set = await setPolicy(owner, workspace, true);
    expect(await landing(owner, set)).toContain("Two-factor sign-in required");
    expect(await required(workspace)).toBe(true);

    const editor = await member();
    await join(workspace, editor, "editor");
    const refused = await get(editor, "/dashboard");
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/account#two-factor");
    expect(await landing(editor, refused)).toContain("requires two-factor sign-in");
    // The workspace's codes are not reachable another way either.
    expect((await get(editor, "/dashboard?tab=team")).status).toBe(303);

    // The owner's API key is not a sign-in: it keeps answering.
    expect((await api(key, "GET", "/qr-codes")).status).toBe(200);

    await setUpTwoFactor(editor.cookies);
    const admitted = await get(editor, "/dashboard?tab=team");
    expect(admitted.status).toBe(200);
    expect(textOf(await admitted.text())).toContain("Two-factor sign-in is required");
    expect(await auditActions(workspace)).toEqual(
      expect.arrayContaining(["policy.two_factor_required", "two_factor.enabled"]),
    );

    const off = await setPolicy(owner, workspace, false);
    expect(off.status).toBe(303);
    expect(await required(workspace)).toBe(false);
    expect(await auditActions(workspace)).toContain("policy.two_factor_not_required");
  });

  it("is Ultimate's: a Premium owner cannot set it", async () => {
    const owner = await ownerWithTwoFactor("premium");
    const workspace = personalWorkspaceId(owner.id);
    const response = await setPolicy(owner, workspace, true);
    expect(await landing(owner, response)).toContain("comes with the Ultimate plan");
    expect(await required(workspace)).toBe(false);
  });

  it("is for owners and admins: a viewer is refused", async () => {
    const owner = await ownerWithTwoFactor("ultimate");
    const workspace = personalWorkspaceId(owner.id);
    const viewer = await member();
    await join(workspace, viewer, "viewer");
    const response = await setPolicy(viewer, workspace, true);
    expect(response.status).toBe(403);
    expect(await required(workspace)).toBe(false);
  });

  it("asks the person setting it to have two-factor sign-in first", async () => {
    const owner = await member("ultimate");
    const workspace = personalWorkspaceId(owner.id);
    const response = await setPolicy(owner, workspace, true);
    expect(await landing(owner, response)).toContain("Turn on two-factor sign-in for your own");
    expect(await required(workspace)).toBe(false);
  });
});

// Issue #32: the member kept out reads why on /account, in their account's language.
describe("requiring two-factor sign-in, in the member's language", () => {
  it("tells a German member kept out, in German, which workspace requires it", async () => {
    const owner = await ownerWithTwoFactor("ultimate");
    const workspace = personalWorkspaceId(owner.id);
    await setPolicy(owner, workspace, true);
    const german = await member();
    await post(german, "/language", { lang: "de", next: "/account" });
    await join(workspace, german, "editor");
    const refused = await get(german, "/dashboard");
    expect(refused.headers.get("Location")).toBe("/account#two-factor");
    const page = await landing(german, refused);
    expect(page).toContain("Zwei-Faktor-Anmeldung erforderlich");
    expect(page).toMatch(/Der Arbeitsbereich .+ verlangt die Zwei-Faktor-Anmeldung\./);
    expect(page).not.toContain("requires two-factor sign-in");
  });

  it("answers a German owner's policy changes in German, and refuses a Premium owner in German", async () => {
    const owner = await ownerWithTwoFactor("ultimate");
    await post(owner, "/language", { lang: "de", next: "/dashboard" });
    const workspace = personalWorkspaceId(owner.id);
    const set = await landing(owner, await setPolicy(owner, workspace, true));
    expect(set).toContain("Zwei-Faktor-Anmeldung erforderlich");
    expect(set).toContain("Mitglieder ohne sie werden gebeten, sie einzurichten");
    const unset = await landing(owner, await setPolicy(owner, workspace, false));
    expect(unset).toContain("Zwei-Faktor-Anmeldung nicht mehr erforderlich");

    const premium = await ownerWithTwoFactor("premium");
    await post(premium, "/language", { lang: "de", next: "/dashboard" });
    const refused = await landing(
      premium,
      await setPolicy(premium, personalWorkspaceId(premium.id), true),
    );
    expect(refused).toContain("Richtlinie nicht geändert");
    expect(refused).toContain("ist im Ultimate-Tarif enthalten");
  });
});
