import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cookieFrom, signUp } from "./accounts";
import { appFetch, ORIGIN } from "./app";
import { postForm } from "./forms";

// Issue #32: which language a page speaks, and how a visitor chooses it. The public pages live
// under a prefix, other pages follow the account, else the `lang` cookie; Accept-Language only
// suggests.

async function html(path: string, headers: Record<string, string> = {}) {
  const response = await appFetch(path, { headers });
  return { response, body: await response.text() };
}

describe("a public page's language", () => {
  it("comes from its prefix, with lang and dir on <html>", async () => {
    const spanish = await html("/es/pricing");
    expect(spanish.response.status).toBe(200);
    expect(spanish.body).toContain('<html lang="es" dir="ltr">');
    const arabic = await html("/ar/");
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    const english = await html("/pricing");
    expect(english.body).toContain('<html lang="en" dir="ltr">');
  });

  it("names its canonical address and its copies in every language, from APP_URL", async () => {
    const { body } = await html("/de/faq", { Host: "evil.example" });
    expect(body).toContain('<link rel="canonical" href="https://qr.example.com/de/faq"/>');
    for (const [code, path] of [
      ["en", "/faq"],
      ["es", "/es/faq"],
      ["pt-BR", "/pt-br/faq"],
      ["zh-CN", "/zh-cn/faq"],
      ["ar", "/ar/faq"],
      ["x-default", "/faq"],
    ]) {
      expect(body).toContain(
        `<link rel="alternate" hrefLang="${code}" href="https://qr.example.com${path}"/>`,
      );
    }
    expect(body).not.toContain("evil.example");
  });

  it("sends only the page's messages to the browser, never the e-mails'", async () => {
    const { body } = await html("/es/pricing");
    expect(body).toContain("common.footer.help");
    expect(body).not.toContain("generator.");
    expect(body).not.toContain("mail.");
    expect(body).not.toContain("legal.");
  });

  it("is offered in the language Accept-Language asks for, in one line, without a redirect", async () => {
    const { response, body } = await html("/", { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(response.status).toBe(200);
    expect(body).toContain('<html lang="en"');
    expect(body).toContain("Diese Seite gibt es auch auf Deutsch.");
    expect(body).toMatch(
      /<form[^>]*action="\/language"[^>]*class="language-suggestion"|class="language-suggestion"[^>]*action="\/language"/,
    );
    // Asked for in the language it is in, or a language we don't speak: no offer.
    expect((await html("/de/", { "Accept-Language": "de" })).body).not.toContain(
      "language-suggestion",
    );
    expect((await html("/", { "Accept-Language": "nl, sv" })).body).not.toContain(
      "language-suggestion",
    );
  });

  it("keeps one edge copy per language asked for, so no visitor gets another's offer", async () => {
    const asks = async (language: string) => {
      let body = "";
      for (let i = 0; i < 5; i += 1)
        body = (await html("/terms", { "Accept-Language": language })).body;
      return body;
    };
    expect(await asks("ja")).toContain("日本語");
    expect(await asks("fr")).toContain("Cette page est disponible en Français.");
    expect(await asks("fr")).not.toContain("このページ");
  });
});

describe("choosing a language", () => {
  it("keeps the choice in a cookie and opens the same page in it", async () => {
    const response = await postForm("/language", { lang: "ja", next: "/pricing" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ja/pricing");
    expect(response.headers.get("Set-Cookie")).toMatch(
      /^lang=ja; Path=\/; Max-Age=31536000; SameSite=Lax; Secure/,
    );
    // From then on, the English address of a public page leads to the chosen copy…
    const english = await appFetch("/faq", { headers: { Cookie: "lang=ja" } });
    expect(english.status).toBe(302);
    expect(english.headers.get("Location")).toBe("/ja/faq");
    // …and pages without a prefix speak it, with no more offers.
    const { body } = await html("/bulk", { Cookie: "lang=ja", "Accept-Language": "de" });
    expect(body).toContain('<html lang="ja"');
    expect(body).not.toContain("language-suggestion");
  });

  it("goes back to the page it came from, in the new language, whatever the old prefix", async () => {
    const from = await postForm("/language", { lang: "fr", next: "/es/faq#plans" });
    expect(from.headers.get("Location")).toBe("/fr/faq#plans");
    const home = await postForm("/language", { lang: "en", next: "/ar/" });
    expect(home.headers.get("Location")).toBe("/");
    const dashboard = await postForm("/language", { lang: "de", next: "/dashboard?tab=codes" });
    expect(dashboard.headers.get("Location")).toBe("/dashboard?tab=codes");
  });

  it("never sends anyone off the site, whatever `next` says", async () => {
    for (const next of [
      "//evil.example/",
      "/.//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "/%2f%2fevil.example",
      "javascript:alert(1)",
    ]) {
      const response = await postForm("/language", { lang: "es", next });
      const location = response.headers.get("Location")!;
      expect(location.startsWith("/") && !location.startsWith("//"), `${next} → ${location}`).toBe(
        true,
      );
      expect(new URL(location, ORIGIN).origin, next).toBe(ORIGIN);
    }
  });

  it("refuses a language it does not speak, with a message, and keeps no cookie", async () => {
    const response = await postForm("/language", { lang: "tlh", next: "/" });
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a choice posted from another site", async () => {
    const response = await appFetch("/language", {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "lang=ar&next=/",
    });
    expect(response.status).toBe(403);
  });

  it("keeps a signed-in person's choice on the account: their pages follow it everywhere", async () => {
    const { cookie, person } = await signUp();
    const chosen = await postForm("/language", { lang: "de", next: "/dashboard" }, cookie);
    expect(chosen.status).toBe(302);
    const row = await env.DB.prepare("SELECT language FROM users WHERE email = ?")
      .bind(person.email)
      .first();
    expect(row?.language).toBe("de");
    // Another browser of the same account, without the cookie: still German.
    const { body } = await html("/dashboard", { Cookie: cookie });
    expect(body).toContain('<html lang="de"');
    // A public page's prefix still wins: the person followed a link to the Spanish page.
    expect((await html("/es/faq", { Cookie: cookie })).body).toContain('<html lang="es"');
  });

  it("lists every language named in itself in the footer, as a form that works without JavaScript", async () => {
    const { body } = await html("/es/");
    expect(body).toMatch(
      /<form action="\/language" method="post"><input type="hidden" name="next" value="\/"\/>/,
    );
    for (const name of [
      "English",
      "Español",
      "Português (Brasil)",
      "Français",
      "Deutsch",
      "Italiano",
      "日本語",
      "简体中文",
      "العربية",
    ]) {
      expect(body).toContain(`>${name}</button>`);
    }
    expect(body).toMatch(/<button[^>]*value="ar"[^>]*lang="ar" dir="rtl"/);
  });
});

describe("the sitemap", () => {
  it("lists every public page in every language with its alternates, from APP_URL", async () => {
    const response = await appFetch("/sitemap.xml", { headers: { Host: "evil.example" } });
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("<loc>https://qr.example.com/ja/pricing</loc>");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="ar" href="https://qr.example.com/ar/terms"/>',
    );
    expect(xml).toContain('hreflang="x-default" href="https://qr.example.com/help"');
    expect(xml).not.toContain("evil.example");
    expect(xml.match(/<url>/g)).toHaveLength(8 * 9);
  });
});

describe("the pseudo-locale", () => {
  it("is served outside production, accented and longer, and kept out of search engines", async () => {
    const { response, body } = await html("/en-xa/pricing");
    expect(response.status).toBe(200);
    expect(body).toContain('<html lang="en-XA"');
    expect(body).toContain("Ĥéļþ Çéñţéŕ");
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(cookieFrom(response, "lang")).toBeNull();
  });
});
