import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, signUp } from "./accounts";
import { appFetch } from "./app";
import { postForm } from "./forms";
import { cookiesOf, dance } from "./oidc";

// Issue #32 on the sign-up and account pages: a new account keeps the language it signed up in,
// /account changes it, and the forms' messages are in the page's language.

const languageOf = (email: string) =>
  env.DB.prepare("SELECT language FROM users WHERE email = ?")
    .bind(email)
    .first<string>("language");

const htmlLang = (html: string) => /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1];

describe("the language of a new account", () => {
  it("sign-up from /es/auth stores Spanish; the toast and the dashboard are in Spanish", async () => {
    const person = newPerson();
    const response = await postForm("/es/auth?mode=signup", {
      intent: "signup",
      plan: "free",
      ...person,
    });
    expect(response.status).toBe(303);
    expect(await languageOf(person.email)).toBe("es");
    const session = cookieFrom(response, "qr_session")!;
    const flash = cookieFrom(response, "qr_flash")!;

    // The home page at the root goes to its Spanish address for this account.
    const home = await appFetch("/", { headers: { Cookie: session } });
    expect(home.headers.get("Location")).toBe("/es/");
    const spanishHome = await appFetch("/es/", { headers: { Cookie: `${session}; ${flash}` } });
    expect(textOf(await spanishHome.text())).toContain("¡Cuenta creada con éxito!");

    const dashboard = await appFetch("/dashboard", { headers: { Cookie: session } });
    expect(dashboard.status).toBe(200);
    expect(htmlLang(await dashboard.text())).toBe("es");
  });

  it("sign-up in English stores English, and the JSON API leaves the language unset", async () => {
    const person = newPerson();
    const response = await postForm("/auth?mode=signup", { intent: "signup", ...person });
    expect(response.status).toBe(303);
    expect(await languageOf(person.email)).toBe("en");
    const api = await signUp();
    expect(await languageOf(api.person.email)).toBeNull();
  });

  it("a Google sign-up keeps the language of the visitor's lang cookie", async () => {
    const email = `lang-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const claims = { sub: `google-${email}`, email, email_verified: true, given_name: "Gee" };
    const response = await dance("/api/auth/google", claims, { cookie: "lang=de" });
    expect(response.status).toBe(303);
    expect(await languageOf(email)).toBe("de");
    expect(response.headers.get("Location")).toBe("/");
    // The home page of this account is the German one; the toast waits there.
    const page = await appFetch("/de/", { headers: { Cookie: cookiesOf(response) } });
    expect(textOf(await page.text())).toContain("Konto erfolgreich erstellt!");
  });

  it("a Google sign-up without a lang cookie leaves the language unset", async () => {
    const email = `nolang-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const claims = { sub: `google-${email}`, email, email_verified: true, given_name: "Gee" };
    expect((await dance("/api/auth/google", claims)).status).toBe(303);
    expect(await languageOf(email)).toBeNull();
  });
});

describe("the Language setting of /account", () => {
  it("is a plain form to /language that comes back to the section, showing the current language", async () => {
    const { cookie } = await signUp();
    const html = await (await appFetch("/account", { headers: { Cookie: cookie } })).text();
    const form = /<form[^>]*action="\/language"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
    expect(form).toContain('name="next" value="/account#language"');
    expect(form).toMatch(/<option[^>]*value="ja"[^>]*lang="ja"[^>]*>日本語<\/option>/);
    expect(form).toMatch(/<option[^>]*value="en"[^>]*selected[^>]*>English<\/option>/);
  });

  it("changes the account's language; the page then speaks it", async () => {
    const { person, cookie } = await signUp();
    const response = await postForm("/language", { lang: "fr", next: "/account#language" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account#language");
    expect(await languageOf(person.email)).toBe("fr");
    // The account's language decides, even without the cookie the answer also set.
    const page = await appFetch("/account", { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(htmlLang(html)).toBe("fr");
    expect(textOf(html)).toContain("Paramètres du compte");
  });

  it("comes with its messages after a client-side navigation too (its .data request)", async () => {
    const { cookie } = await signUp();
    const response = await appFetch("/account.data?_routes=root", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"account.language.save"');
  });

  it("refuses an unknown language with a 400 and a message, and changes nothing", async () => {
    const { person, cookie } = await signUp();
    const response = await postForm(
      "/language",
      { lang: "xx-evil", next: "/account#language" },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose one of the languages listed.");
    expect(await languageOf(person.email)).toBeNull();
  });
});

describe("the forms' messages in the page's language", () => {
  it("a validation message of the shared sign-up schema on /fr/auth is in French", async () => {
    const response = await postForm("/fr/auth?mode=signup", {
      intent: "signup",
      ...newPerson(),
      email: "not-an-address",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(htmlLang(html)).toBe("fr");
    const text = textOf(html);
    expect(text).toContain("Adresse e-mail non valide");
    expect(text).not.toContain("Invalid email address");
  });

  it("a wrong password on /ja/signin is refused in Japanese", async () => {
    const { person } = await signUp();
    const response = await postForm("/ja/signin?mode=signin&tab=email", {
      intent: "signin",
      email: person.email,
      password: "not the password",
    });
    expect(response.status).toBe(401);
    expect(textOf(await response.text())).toContain(
      "メールアドレスまたはパスワードが正しくありません",
    );
  });

  it("the forgot-password form on /de/forgot-password comes back to its German address", async () => {
    const response = await postForm("/de/forgot-password", { email: newPerson().email });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/de/forgot-password?sent=1");
  });
});
