import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { signUp } from "./accounts";
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
