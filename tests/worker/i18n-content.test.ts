// Issue #32: the FAQ, help and legal pages in the visitor's language, with the plan catalogue's
// prices written the local way, and the legal copies saying the English text prevails.
import { describe, expect, it } from "vitest";
import { firstText, textOf } from "../support/html";
import { PLANS } from "../../app/plans/catalogue";
import { appFetch } from "./app";
import { postForm } from "./forms";

// A price as Intl writes it in `locale`, its no-break spaces as the page text has them (collapsed).
const usd = (locale: string, cents: number) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "USD", minimumFractionDigits: 0 })
    .format(cents / 100)
    .replace(/\s+/g, " ");

async function page(path: string) {
  const response = await appFetch(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html, text: textOf(html) };
}

describe("content pages in other languages", () => {
  it("/de/faq is German, with the plan's prices and numbers written the German way", async () => {
    const { html, text } = await page("/de/faq");
    expect(html).toContain('<html lang="de"');
    expect(firstText(html, "h1")).toBe("Häufig gestellte Fragen");
    expect(text).toContain("Was ist im Tarif Free enthalten?");
    expect(text).toContain("21 Fragen");
    // "15 $", not "$15": USD in the German way, filled from the plan catalogue.
    expect(usd("de", PLANS.premium.priceCents)).toBe("15 $");
    expect(text).toContain(`Premium (${usd("de", PLANS.premium.priceCents)}/Monat)`);
    expect(text).toContain(`Ultimate (${usd("de", PLANS.ultimate.priceCents)}/Monat)`);
    expect(text).toContain(`kostet ${usd("de", PLANS.free.priceCents)}.`);
    expect(text).toContain(
      `bis zu ${PLANS.premium.capabilities.teamMembers} Teammitglieder und Support innerhalb von ${PLANS.premium.capabilities.supportResponseHours} Stunden`,
    );
    expect(text).not.toMatch(/\$15|\{\w+\}/);
    // The category filter stays in German.
    expect(html).toMatch(/href="\/de\/faq\?category=design"/);
  });

  it("/ar/terms is Arabic, right to left, says the English text prevails and links to it", async () => {
    const { html, text } = await page("/ar/terms");
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(firstText(html, "h1")).toBe("شروط الخدمة");
    expect(text).toContain("فالنص الإنجليزي هو المعتمد");
    expect(text).toContain(`Premium (${usd("ar", PLANS.premium.priceCents)} شهريًا)`);
    expect(text).toContain(`Ultimate (${usd("ar", PLANS.ultimate.priceCents)} شهريًا)`);
    // Arabic plural forms: 5 → few (أعضاء), 25 → many (عضوًا).
    expect(text).toContain("حتى 5 أعضاء");
    expect(text).toContain("حتى 25 عضوًا");
    expect(text).toContain("sales@qrcodecreator.app");
    expect(text).not.toMatch(/\$49|\{\w+\}/);
    // The last-updated date in Arabic, not "January 23, 2025".
    expect(text).not.toContain("January");
    // The way to the English text works without JavaScript: the language form, to /terms.
    const form = /<form class="legal-prevails"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[0]).toMatch(/action="\/language"/);
    expect(form?.[1]).toContain('name="lang" value="en"');
    expect(form?.[1]).toContain('name="next" value="/terms"');
    const switched = await postForm("/language", { lang: "en", next: "/terms" });
    expect(switched.status).toBe(302);
    expect(switched.headers.get("Location")).toBe("/terms");
    const english = await appFetch("/terms", {
      headers: { Cookie: switched.headers.get("Set-Cookie")!.split(";")[0]! },
    });
    expect(firstText(await english.text(), "h1")).toBe("Terms of Service");
  });

  it("the English pages have no 'English prevails' line; /de/privacy has it in German", async () => {
    const english = await page("/privacy");
    expect(english.html).not.toContain("legal-prevails");
    expect(english.text).toContain("Last updated January 23, 2025");
    const german = await page("/de/privacy");
    expect(firstText(german.html, "h1")).toBe("Datenschutzerklärung");
    expect(german.text).toContain("ist der englische Text maßgeblich");
    expect(german.text).toContain("Zuletzt aktualisiert am 23. Januar 2025");
  });

  it("/de/help links to the German FAQ and keeps the support times from the catalogue", async () => {
    const { html, text } = await page("/de/help");
    expect(firstText(html, "h1")).toBe("Hilfe-Center");
    expect(html).toMatch(/href="\/de\/faq\?category=download"/);
    expect(html).toMatch(/href="\/de\/pricing"/);
    expect(text).toContain(
      `Premium antwortet innerhalb von ${PLANS.premium.capabilities.supportResponseHours} Stunden, Ultimate innerhalb von ${PLANS.ultimate.capabilities.supportResponseHours} Stunden`,
    );
  });
});

describe("client-side navigation", () => {
  it("the page data of /faq and /de/help carries their messages, not only the shell's", async () => {
    // React Router fetches "/faq.data" when a link is followed with JavaScript; the root loader
    // must send that page's namespaces, or the page shows message ids.
    const faq = await (await appFetch("/faq.data?category=download")).text();
    expect(faq).toContain("Frequently Asked Questions");
    const help = await (await appFetch("/de/help.data")).text();
    expect(help).toContain("Hilfe-Center");
  });
});
