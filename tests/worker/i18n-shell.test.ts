import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { workspaceMembers, workspaces } from "../../app/db/schema";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";
import { latestMail } from "./mail";

// Issue #32: e-mails arrive in the recipient's language, and the pages a person reads without
// choosing anything (a scanned link, a missing page) speak the language they asked for.

async function chooseLanguage(email: string, language: string) {
  await env.DB.prepare("UPDATE users SET language = ? WHERE email = ?").bind(language, email).run();
}

// The reset e-mail goes out after the answer (the same time whether or not the account exists).
async function arrived(email: string, subject: RegExp) {
  await expect.poll(async () => (await latestMail(email, subject))?.subject).toBeDefined();
  return (await latestMail(email, subject))!;
}

function forgotPassword(email: string) {
  const form = new FormData();
  form.set("email", email);
  return appFetch("/forgot-password", {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, "CF-Connecting-IP": newAddress() },
  });
}

describe("e-mails in the recipient's language", () => {
  it("sends a password reset in Spanish to an account that chose Spanish, subject included", async () => {
    const { person } = await signUp();
    await chooseLanguage(person.email, "es");
    expect((await forgotPassword(person.email)).status).toBe(303);
    const mail = await arrived(person.email, /contraseña/);
    expect(mail.subject).toBe("Restablece tu contraseña de QR Code Creator");
    expect(mail.text).toContain("Hola Ada:");
    expect(mail.text).toContain("Elige una nueva contraseña");
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    expect(mail.text).not.toContain("Choose a new password");
  });

  it("sends the same e-mail in English to an account that chose nothing", async () => {
    const { person } = await signUp();
    expect((await forgotPassword(person.email)).status).toBe(303);
    const mail = await arrived(person.email, /password/);
    expect(mail.subject).toBe("Reset your QR Code Creator password");
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.text).toContain("Choose a new password");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });
});

describe("an invitation's language", () => {
  /** A Premium owner whose account reads `language`, with a team workspace of their own. */
  async function ownerReading(language: string) {
    const details = newPerson("owner");
    const response = await postJson("/api/auth/signup", { ...details, plan: "premium" });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    await chooseLanguage(details.email, language);
    const workspace = `ws_team_${crypto.randomUUID()}`;
    const db = createDatabase(env.DB);
    const now = new Date();
    await db.batch([
      db.insert(workspaces).values({ id: workspace, name: "Estudio", ownerId: id, createdAt: now }),
      db
        .insert(workspaceMembers)
        .values({ workspaceId: workspace, userId: id, role: "owner", createdAt: now }),
    ]);
    // Act in the team workspace, as the user menu's switcher does.
    const session = cookieFrom(response, "qr_session")!;
    const switched = await appFetch("/workspace/switch", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: session },
      body: new URLSearchParams({ workspace, redirect: "/dashboard" }),
    });
    expect(switched.status).toBe(303);
    const choice = switched.headers.getSetCookie().map((header) => header.split(";")[0]);
    return { workspace, cookie: [session, ...choice].join("; ") };
  }

  function invite(owner: { workspace: string; cookie: string }, email: string) {
    return appFetch("/dashboard", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: owner.cookie },
      body: new URLSearchParams({
        workspace: owner.workspace,
        intent: "invite",
        email,
        role: "editor",
      }),
    });
  }

  it("reaches someone without an account in the inviter's language", async () => {
    const owner = await ownerReading("fr");
    const email = newPerson("newcomer").email;
    const answer = await invite(owner, email);
    expect(answer.status).toBe(303);
    const mail = await arrived(email, /vous invite/);
    expect(mail.text).toContain("en tant qu’éditeur");
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
  });

  it("reaches someone with an account in their own language", async () => {
    const owner = await ownerReading("fr");
    const { person } = await signUp();
    await chooseLanguage(person.email, "de");
    expect((await invite(owner, person.email)).status).toBe(303);
    const mail = await arrived(person.email, /eingeladen/);
    expect(mail.text).toContain("als Bearbeiter beizutreten");
  });
});

describe("pages read without choosing a language", () => {
  it("tells a Japanese scanner in Japanese that a link does not exist", async () => {
    const response = await appFetch("/s/zzzzzzzzzz", {
      headers: { "Accept-Language": "ja,en;q=0.5" },
    });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('lang="ja"');
    expect(response.headers.get("Vary")).toContain("Accept-Language");
    expect(textOf(html)).toContain("このQRコードのリンクは存在しません");
  });

  it("keeps the scanner page in English for a browser asking for a language we do not speak", async () => {
    const response = await appFetch("/s/zzzzzzzzzz", { headers: { "Accept-Language": "ko" } });
    expect(response.status).toBe(404);
    expect(textOf(await response.text())).toContain("This QR code link does not exist");
  });

  it("shows the 404 page in German to a visitor whose lang cookie says German", async () => {
    const response = await appFetch("/no-such-page", { headers: { Cookie: "lang=de" } });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('lang="de"');
    expect(textOf(html)).toContain("404 – Seite nicht gefunden");
    expect(textOf(html)).toContain("Preise");
  });
});
