import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { type WorkspaceRole, workspaceMembers, workspaces } from "../../app/db/schema";
import { cookieFrom, newPerson, postJson, signUp } from "./accounts";
import { appFetch, generate, ORIGIN } from "./app";
import { textOf } from "../support/html";
import { postForm } from "./forms";

// Workspaces own the work (issue #15): codes are saved into the current workspace, seen by its
// members only, changed only by roles that may, and with the workspace owner's plan. Teams are
// set up here directly in the database; invitations have tests of their own.

const db = createDatabase(env.DB);

interface Member {
  id: string;
  /** The session cookie, plus the workspace choice once made. */
  cookies: string;
}

async function member(plan: "free" | "premium" = "free"): Promise<Member> {
  const response = await postJson("/api/auth/signup", { ...newPerson(), plan });
  expect(response.status).toBe(201);
  const { id } = await response.json<{ id: string }>();
  return { id, cookies: cookieFrom(response, "qr_session")! };
}

async function team(owner: Member, members: [Member, WorkspaceRole][], name = "Marketing") {
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

/** Switches through the user menu's form and keeps the choice for the member's next requests. */
async function switchTo(person: Member, workspaceId: string) {
  const form = new FormData();
  form.set("workspace", workspaceId);
  form.set("redirect", "/dashboard");
  const response = await appFetch("/workspace/switch", {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: person.cookies },
  });
  expect(response.status).toBe(303);
  const chosen = cookieFrom(response, "qr_workspace");
  if (chosen) person.cookies = `${person.cookies.split("; qr_workspace=")[0]}; ${chosen}`;
  return response;
}

async function save(person: Member, title: string, type = "email") {
  const data =
    type === "email"
      ? { email: "team@example.com", subject: "Hi", message: "" }
      : { url: "https://example.com" };
  return generate(
    {
      type,
      data,
      customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
      title,
      save: "true",
    },
    { cookie: person.cookies, headers: { Origin: ORIGIN } },
  );
}

async function codeIds(person: Member): Promise<number[]> {
  const response = await appFetch("/api/qr-codes", { headers: { Cookie: person.cookies } });
  expect(response.status).toBe(200);
  return (await response.json<{ id: number }[]>()).map((code) => code.id);
}

function dashboardPost(person: Member, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return appFetch("/dashboard", {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: person.cookies },
  });
}

const codeExists = async (id: number) =>
  (await env.DB.prepare("SELECT id FROM qr_codes WHERE id = ?").bind(id).first()) !== null;

describe("workspaces", () => {
  it("an editor saves into the team with the owner's plan; the owner sees it there, and only there", async () => {
    const owner = await member("premium");
    const editor = await member("free");
    const workspaceId = await team(owner, [[editor, "editor"]]);

    // On the editor's own free plan an e-mail code cannot be saved…
    expect((await save(editor, "Own")).status).toBe(403);
    // …in the Premium owner's workspace it can.
    await switchTo(editor, workspaceId);
    const saved = await save(editor, "Spring menu");
    expect(saved.status).toBe(200);
    const { id } = await saved.json<{ id: number }>();
    const row = await env.DB.prepare("SELECT user_id, workspace_id FROM qr_codes WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ user_id: editor.id, workspace_id: workspaceId });

    expect(await codeIds(editor)).toContain(id);
    expect(await codeIds(owner)).not.toContain(id); // the owner is in their personal workspace
    await switchTo(owner, workspaceId);
    expect(await codeIds(owner)).toContain(id);
    const dashboard = await appFetch("/dashboard", { headers: { Cookie: owner.cookies } });
    expect(await dashboard.text()).toContain("Spring menu");
  });

  it("a viewer sees and downloads the team's codes but cannot save, rename, share or delete", async () => {
    const owner = await member("premium");
    const viewer = await member();
    const workspaceId = await team(owner, [[viewer, "viewer"]]);
    await switchTo(owner, workspaceId);
    const { id } = await (await save(owner, "Badge")).json<{ id: number }>();
    await switchTo(viewer, workspaceId);

    expect(await codeIds(viewer)).toContain(id);
    const png = await appFetch(`/api/qr-codes/${id}/download?format=png`, {
      headers: { Cookie: viewer.cookies },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");

    const saved = await save(viewer, "Mine");
    expect(saved.status).toBe(403);
    expect(await saved.json()).toMatchObject({
      message: expect.stringContaining("lets you see and download codes, not change them"),
    });
    for (const fields of <Record<string, string>[]>[
      { intent: "delete", id: String(id) },
      { intent: "rename", id: String(id), title: "Hacked" },
      { intent: "visibility", id: String(id), public: "true" },
    ]) {
      expect((await dashboardPost(viewer, fields)).status).toBe(403);
    }
    expect(await codeExists(id)).toBe(true);
    const page = await appFetch("/dashboard", { headers: { Cookie: viewer.cookies } });
    const html = await page.text();
    expect(html).toContain("Badge");
    // What the page shows (its message catalogue, in a script, names every button it may have).
    expect(textOf(html)).not.toContain("Delete for good");
    expect(html).not.toMatch(/>Delete</);
    expect(textOf(html)).toContain("Workspace Marketing · you are viewer");
  });

  it("never shows or changes another workspace's code, by id or by a forged choice", async () => {
    const owner = await member("premium");
    const outsider = await member("premium");
    const workspaceId = await team(owner, []);
    await switchTo(owner, workspaceId);
    const { id } = await (await save(owner, "Private")).json<{ id: number }>();

    expect(await codeIds(outsider)).not.toContain(id);
    const download = await appFetch(`/api/qr-codes/${id}/download?format=png`, {
      headers: { Cookie: outsider.cookies },
    });
    expect(download.status).toBe(404);
    for (const fields of <Record<string, string>[]>[
      { intent: "delete", id: String(id) },
      { intent: "rename", id: String(id), title: "Taken" },
    ]) {
      const response = await dashboardPost(outsider, fields);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/dashboard");
    }
    expect(await codeExists(id)).toBe(true);
    const title = await env.DB.prepare("SELECT title FROM qr_codes WHERE id = ?").bind(id).first();
    expect(title).toEqual({ title: "Private" });

    // Choosing a workspace one does not belong to is refused, and changes nothing.
    const refused = await switchTo(outsider, workspaceId);
    expect(cookieFrom(refused, "qr_workspace")).toBeNull();
    expect(await codeIds(outsider)).not.toContain(id);
    const analytics = await appFetch("/api/analytics", { headers: { Cookie: outsider.cookies } });
    expect((await analytics.json<{ totalQRCodes: number }>()).totalQRCodes).toBe(0);
  });

  it("a removed member loses the team on their very next request, and the codes stay", async () => {
    const owner = await member("premium");
    const editor = await member();
    const workspaceId = await team(owner, [[editor, "editor"]]);
    await switchTo(editor, workspaceId);
    const { id } = await (await save(editor, "Flyer")).json<{ id: number }>();
    expect(await codeIds(editor)).toContain(id);

    await env.DB.prepare("DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?")
      .bind(workspaceId, editor.id)
      .run();
    expect(await codeIds(editor)).not.toContain(id);
    const page = await appFetch("/dashboard", { headers: { Cookie: editor.cookies } });
    expect(await page.text()).not.toContain("Marketing");
    expect(await codeExists(id)).toBe(true);
    await switchTo(owner, workspaceId);
    expect(await codeIds(owner)).toContain(id);
  });

  it("deleting a member's account keeps the codes they made in the team; an owner with members is stopped", async () => {
    const owner = await member("premium");
    const editor = await member();
    const workspaceId = await team(owner, [[editor, "editor"]]);
    await switchTo(editor, workspaceId);
    const { id } = await (await save(editor, "Poster")).json<{ id: number }>();
    const editorEmail = await env.DB.prepare("SELECT email FROM users WHERE id = ?")
      .bind(editor.id)
      .first<{ email: string }>();
    const ownerEmail = await env.DB.prepare("SELECT email FROM users WHERE id = ?")
      .bind(owner.id)
      .first<{ email: string }>();

    const refused = await postForm(
      "/account",
      { intent: "delete", confirmEmail: ownerEmail!.email, currentPassword: newPerson().password },
      owner.cookies,
    );
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain(
      "Other people work in your workspace “Marketing”",
    );

    const deleted = await postForm(
      "/account",
      { intent: "delete", confirmEmail: editorEmail!.email, currentPassword: newPerson().password },
      editor.cookies,
    );
    expect(deleted.status).toBe(303);
    const row = await env.DB.prepare("SELECT user_id, workspace_id FROM qr_codes WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ user_id: owner.id, workspace_id: workspaceId });
    await switchTo(owner, workspaceId);
    expect(await codeIds(owner)).toContain(id);
  });

  it("offers the switcher in the user menu only to people in more than one workspace", async () => {
    const { cookie } = await signUp();
    const alone = await appFetch("/dashboard", { headers: { Cookie: cookie } });
    expect(await alone.text()).not.toContain('action="/workspace/switch"');

    const owner = await member("premium");
    const workspaceId = await team(owner, [], "Events team");
    const page = await appFetch("/dashboard", { headers: { Cookie: owner.cookies } });
    const html = await page.text();
    expect(html).toContain('action="/workspace/switch"');
    expect(html).toContain(`value="${workspaceId}"`);
    expect(html).toContain("Events team");
  });
});
