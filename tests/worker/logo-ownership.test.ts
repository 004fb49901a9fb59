import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import pngLogo from "../fixtures/logo.png?inline";
import { createDatabase } from "../../app/db/client.server";
import { workspaceMembers, workspaces } from "../../app/db/schema";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { decodeSingleQr } from "../support/qr-decode";
import { textOf } from "../support/html";
import { cookieFrom, newPerson } from "./accounts";
import { person, type Person } from "./api-client";
import { appFetch, ORIGIN } from "./app";

// Issue #27 items 7 and 16: logos belong to the workspace, not to whoever uploaded them, so a
// member deleting their account never changes a team code's image; logos stored under their
// uploader before are adopted by the workspace (on use, nightly, and before an account goes).
// A plan without logos cannot save one, also with the key of a logo uploaded earlier.

const db = createDatabase(env.DB);
const logoBytes = Uint8Array.from(atob(pngLogo.split(",")[1]!), (c) => c.charCodeAt(0));
const GENERATOR = {
  type: "url",
  url: "https://example.com/team-menu",
  size: "256",
  fg: "111827",
  bg: "ffffff",
};

async function teamOf(owner: Person, member: Person) {
  const id = `ws_team_${crypto.randomUUID()}`;
  const now = new Date();
  await db.batch([
    db.insert(workspaces).values({ id, name: "Studio", ownerId: owner.id, createdAt: now }),
    db.insert(workspaceMembers).values([
      { workspaceId: id, userId: owner.id, role: "owner", createdAt: now },
      { workspaceId: id, userId: member.id, role: "editor", createdAt: now },
    ]),
  ]);
  return id;
}

function keepWorkspace(who: Person, response: Response) {
  const chosen = cookieFrom(response, "qr_workspace");
  if (chosen) who.cookies = `${who.cookies.replace(/; qr_workspace=[^;]*/, "")}; ${chosen}`;
}

async function switchTo(who: Person, workspace: string) {
  const response = await appFetch("/workspace/switch", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies },
    body: new URLSearchParams({ workspace, redirect: "/dashboard" }),
  });
  expect(response.status).toBe(303);
  keepWorkspace(who, response);
}

/** "Add logo" on the generator page; the key the page comes back with. */
async function uploadLogo(who: Person): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(GENERATOR)) form.set(name, value);
  form.set("intent", "logo");
  form.set("logo", new File([logoBytes], "logo.png", { type: "image/png" }));
  const response = await appFetch("/?index", {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: who.cookies },
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("Location")!, ORIGIN).searchParams.get("logo")!;
}

/** "Save" on the generator page with a logo key; the page it lands on, as text. */
async function saveWithLogo(who: Person, logo: string, title: string) {
  const response = await appFetch("/?index", {
    method: "POST",
    body: new URLSearchParams({ ...GENERATOR, intent: "save", title, logo }),
    headers: { Origin: ORIGIN, Cookie: who.cookies },
  });
  expect(response.status).toBe(303);
  const flash = cookieFrom(response, "qr_flash");
  const page = await appFetch(response.headers.get("Location")!, {
    headers: { Cookie: `${who.cookies}; ${flash}` },
  });
  return textOf(await page.text());
}

async function codeByTitle(title: string) {
  return env.DB.prepare("SELECT id, logo_url FROM qr_codes WHERE title = ?")
    .bind(title)
    .first<{ id: number; logo_url: string | null }>();
}

async function png(who: Person, id: number): Promise<Uint8Array> {
  const response = await appFetch(`/api/qr-codes/${id}/download?format=png`, {
    headers: { Cookie: who.cookies },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function deleteAccount(who: Person) {
  const response = await appFetch("/account", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies },
    body: new URLSearchParams({
      intent: "delete",
      confirmEmail: who.email,
      currentPassword: newPerson().password,
    }),
  });
  expect(response.status).toBe(303);
  const gone = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE id = ?")
    .bind(who.id)
    .first<{ n: number }>();
  expect(gone!.n).toBe(0);
}

/** A logo as it was stored before issue #27: under its uploader, named by its hash. */
async function uploaderCopy(uploader: Person): Promise<string> {
  const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", logoBytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  const key = `logos/${uploader.id}/${digest}`;
  await env.LOGOS.put(key, logoBytes, { httpMetadata: { contentType: "image/png" } });
  return key;
}

describe("logos belong to the workspace", () => {
  it("a member's logo on a team code is the team's: deleting the member leaves the PNG byte for byte", async () => {
    const owner = await person("premium");
    const member = await person("free");
    const team = await teamOf(owner, member);
    await switchTo(member, team);
    const key = await uploadLogo(member);
    expect(key).toMatch(new RegExp(`^logos/${team}/[0-9a-f]{64}$`));
    expect(await saveWithLogo(member, key, "Team menu")).toContain("QR code saved");
    const code = (await codeByTitle("Team menu"))!;
    expect(code.logo_url).toBe(key);

    await switchTo(owner, team);
    const before = await png(owner, code.id);
    expect(await decodeSingleQr(before)).toMatchObject({ ecLevel: "H" });
    await deleteAccount(member);
    const after = await png(owner, code.id);
    expect(after).toEqual(before);
    expect(await env.LOGOS.head(key)).not.toBeNull();
  });

  it("a logo stored under its uploader before #27 is adopted before the uploader's account goes", async () => {
    const owner = await person("premium");
    const member = await person("free");
    const team = await teamOf(owner, member);
    await switchTo(member, team);
    expect(await saveWithLogo(member, await uploadLogo(member), "Old menu")).toContain(
      "QR code saved",
    );
    const code = (await codeByTitle("Old menu"))!;
    await switchTo(owner, team);
    const before = await png(owner, code.id);
    // As before the fix: the code names the uploader's copy, and the workspace has none.
    const old = await uploaderCopy(member);
    await env.LOGOS.delete(code.logo_url!);
    await env.DB.prepare("UPDATE qr_codes SET logo_url = ? WHERE id = ?").bind(old, code.id).run();

    await deleteAccount(member);
    expect(await env.LOGOS.head(old)).toBeNull();
    const adopted = (await codeByTitle("Old menu"))!.logo_url!;
    expect(adopted).toMatch(new RegExp(`^logos/${team}/[0-9a-f]{64}$`));
    expect(await png(owner, code.id)).toEqual(before);
  });

  it("the nightly job and the first drawing adopt uploader copies; the bytes are the same", async () => {
    const owner = await person("premium");
    await switchTo(owner, personalWorkspaceId(owner.id));
    expect(await saveWithLogo(owner, await uploadLogo(owner), "Nightly")).toContain(
      "QR code saved",
    );
    expect(await saveWithLogo(owner, await uploadLogo(owner), "Lazy")).toContain("QR code saved");
    const nightly = (await codeByTitle("Nightly"))!;
    const lazy = (await codeByTitle("Lazy"))!;
    const before = await png(owner, nightly.id);
    const old = await uploaderCopy(owner);
    await env.LOGOS.delete(nightly.logo_url!);
    await env.DB.prepare("UPDATE qr_codes SET logo_url = ? WHERE id IN (?, ?)")
      .bind(old, nightly.id, lazy.id)
      .run();

    // Drawn first: adopted on the spot (both codes of the workspace use the same logo).
    expect(await png(owner, lazy.id)).toEqual(before);
    expect((await codeByTitle("Nightly"))!.logo_url).toBe(nightly.logo_url);

    // Put back as before the fix; the nightly run adopts it without any drawing.
    await env.LOGOS.delete(nightly.logo_url!);
    await env.DB.prepare("UPDATE qr_codes SET logo_url = ? WHERE id IN (?, ?)")
      .bind(old, nightly.id, lazy.id)
      .run();
    const worker = exports.default as unknown as {
      scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
    };
    await worker.scheduled({ scheduledTime: Date.now(), cron: "17 3 * * *" });
    expect((await codeByTitle("Nightly"))!.logo_url).toBe(nightly.logo_url);
    expect(await env.LOGOS.head(nightly.logo_url!)).not.toBeNull();
    expect(await png(owner, nightly.id)).toEqual(before);
  });
});

describe("saving a logo on a plan without logos (issue #27 item 16)", () => {
  it("after a downgrade, a save with the key of an earlier logo is refused and saves nothing", async () => {
    const owner = await person("premium");
    const key = await uploadLogo(owner);
    await env.DB.prepare(
      "UPDATE users SET subscription_plan = 'free', is_trial_active = 0 WHERE id = ?",
    )
      .bind(owner.id)
      .run();
    const page = await saveWithLogo(owner, key, "Sneaky logo");
    expect(page).toContain("Upgrade required");
    expect(page).toContain("Logo embedding requires Premium or Ultimate plan.");
    expect(await codeByTitle("Sneaky logo")).toBeNull();
  });
});
