import { describe, expect, it } from "vitest";
import { formatPrice, PLANS } from "../../app/plans/catalogue";
import { textOf } from "../support/html";
import { newPerson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";

// Pricing and bulk in the reader's language (issue #32): the plan catalogue's lines worded in the
// page's language, USD written the way that language writes it, and a bulk file's row errors
// (the shared schemas' English messages) shown in the account's language.

const usd = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(cents / 100);

describe("/de/pricing", () => {
  it("lists the plans' features in German, with prices as German writes dollars", async () => {
    const response = await appFetch("/de/pricing");
    expect(response.status).toBe(200);
    const html = await response.text();
    // Intl writes a no-break space between the amount and the sign; the text reads it as a space.
    const text = textOf(html).replace(/\s/g, " ");
    expect(html).toContain('<html lang="de"');
    expect(text).toContain("Tarife für jeden QR-Code");
    // The cards' and the table's lines, from the catalogue's numbers.
    expect(text).toContain("3 gespeicherte QR-Codes");
    expect(text).toContain("Codes für Website und Text");
    expect(text).toContain("Teamverwaltung, bis zu 25 Mitglieder");
    expect(text).toContain("Scan-Statistiken, 1 Jahr gespeichert");
    expect(text).toContain("Priorisierter Support innerhalb von 6 Stunden");
    expect(text).toContain("Tarife vergleichen");
    // "15 $", not "$15": Intl's German way of writing US dollars.
    const premium = usd(PLANS.premium.priceCents, "de");
    expect(premium).toBe(formatPrice(PLANS.premium.priceCents, "de"));
    expect(premium).toMatch(/^15\s\$$/);
    expect(text).toContain("15 $/Monat");
    expect(text).toContain("49 $/Monat");
    expect(text).not.toContain("$15");
    expect(text).not.toContain("Compare plans");
    // The forms post back to the German page, so their answers stay German.
    expect(html).toContain('action="/de/pricing"');
  });
});

describe("/ja/pricing", () => {
  it("is in Japanese, the quiz and the estimate included", async () => {
    const html = await (await appFetch("/ja/pricing?usage=90")).text();
    const text = textOf(html);
    expect(html).toContain('<html lang="ja"');
    expect(text).toContain("あらゆるQRコードに合うプラン");
    expect(text).toContain("保存できるQRコード 3個");
    expect(text).toContain("プランを比較");
    expect(text).toMatch(/おすすめのプラン：\s*Ultimate/);
    expect(text).toContain(`${usd(PLANS.premium.priceCents, "ja")}/月`);
    expect(text).not.toContain("Plans for every QR code");
  });
});

describe("a bulk upload in Spanish", () => {
  it("shows the check and each row's problem in Spanish", async () => {
    const { cookie } = await signUp({ ...newPerson("bulk-es"), plan: "premium" });
    const form = new FormData();
    const csv = ["type,url,email", "url,https://example.com,", "email,,", "poster,,"].join("\n");
    form.set("file", new File([csv], "mesas.csv", { type: "text/csv" }));
    form.set("format", "png");
    form.set("size", "256");
    const response = await appFetch("/bulk?intent=check", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: `${cookie}; lang=es`, "CF-Connecting-IP": newAddress() },
      body: form,
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(html).toContain('<html lang="es"');
    expect(text).toContain("mesas.csv: 1 de 3 filas listas");
    expect(text).toContain("2 filas tienen problemas");
    expect(html).toMatch(
      /<td>3<\/td><td><code>email<\/code><\/td><td>Escribe una dirección de e-mail<\/td>/,
    );
    expect(html).toMatch(
      /<td>4<\/td><td><code>type<\/code><\/td><td>Elige uno de los siete tipos de código/,
    );
    expect(text).toContain("Generar 1 código");
    expect(text).not.toContain("Enter an e-mail address");
  });
});
