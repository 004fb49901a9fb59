import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatAmount } from "../../app/billing/invoices.server";
import { longDate } from "../../app/billing/long-date";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson, signUp } from "./accounts";
import { call, makeKey, person } from "./api-client";
import { appFetch, newAddress, ORIGIN } from "./app";
import { landOn, pageText, postForm } from "./forms";

// Issue #32: the plans' refusals, the plan changes' outcomes and the support promise are said in
// the page's language (their phrases), with amounts and dates written its way, while the public
// API keeps answering their English.

const german = (cookie: string) => `${cookie}; lang=de`;
const spanish = (cookie: string) => `${cookie}; lang=es`;

/** Text as it reads: Intl's no-break spaces as spaces. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("the generator's save refused by the plan", () => {
  it("says a type Free does not save in German under /de/", async () => {
    const { cookie } = await signUp(newPerson("plans-de"));
    const refused = await postForm(
      "/de/?index",
      { type: "email", email: "ada@example.com", subject: "Hallo", title: "Post" },
      cookie,
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toMatch(/^\/de\/\?/);
    const text = await landOn(refused, cookie);
    expect(text).toContain("Upgrade nötig, um diesen Typ zu speichern");
    expect(text).toContain(
      "Der Tarif Free speichert Codes vom Typ Website und Text. Wechsle zu Premium, um Codes vom Typ E-Mail zu speichern.",
    );
    expect(text).not.toContain("Upgrade to save this type");

    // The same refusal on the English page keeps its English.
    const english = await postForm(
      "/?index",
      { type: "email", email: "ada@example.com", subject: "Hi", title: "Mail" },
      cookie,
    );
    expect(await landOn(english, cookie)).toContain(
      "The Free plan saves Website and Text codes. Upgrade to Premium to save E-mail codes.",
    );
  });

  it("says the save limit in Spanish, and the saved code's locked downloads too", async () => {
    const { cookie } = await signUp(newPerson("plans-es"));
    let location = "";
    for (let n = 1; n <= 3; n += 1) {
      const saved = await postForm(
        "/es/?index",
        { type: "text", text: `Hola ${n}`, title: `Nota ${n}` },
        cookie,
      );
      location = saved.headers.get("Location")!;
      expect(location).toMatch(/saved=\d+/);
    }
    const over = await postForm("/es/?index", { type: "text", text: "Hola 4", title: "4" }, cookie);
    const text = await landOn(over, cookie);
    expect(text).toContain("Límite de códigos guardados alcanzado");
    expect(text).toContain(
      "El plan Free está limitado a 3 códigos QR. Mejora tu plan para crear más.",
    );

    const id = new URL(location, ORIGIN).searchParams.get("saved");
    const codePage = await pageText(`/dashboard/codes/${id}`, spanish(cookie));
    expect(codePage).toContain("Las descargas en SVG requieren el plan Premium o Ultimate.");
    expect(codePage).not.toContain("SVG downloads require Premium or Ultimate plan.");
  });
});

describe("a new account's tracked-link limit", () => {
  it("is German on the generator and English from /api/v1", async () => {
    const fresh = await person("ultimate");
    const key = await makeKey(fresh);
    const headers = { Cookie: german(fresh.cookies), "Accept-Language": "de-DE,de;q=0.9" };
    const tracked = (n: number) => ({
      type: "url",
      data: { url: `https://example.com/menu/${n}` },
      title: `Menu ${n}`,
      trackScans: true,
    });
    for (let n = 0; n < 5; n += 1) {
      expect((await call(key, "POST", "/qr-codes", tracked(n), headers)).status).toBe(201);
    }
    const api = await call(key, "POST", "/qr-codes", tracked(5), headers);
    expect(api.status).toBe(429);
    expect(api.json.code).toBe("new_account_limit");
    expect(api.json.detail).toMatch(
      /^New accounts can make 5 tracked codes in their first day\. This limit lifts at \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );

    const page = await postForm(
      "/?index",
      { type: "url", url: "https://example.com/menu/6", title: "Menü", trackScans: "on" },
      german(fresh.cookies),
    );
    const text = await landOn(page, german(fresh.cookies));
    expect(text).toContain("Limit für neue Konten");
    expect(text).toMatch(
      /Neue Konten können am ersten Tag 5 dynamische Codes erstellen\. Die Grenze fällt am \d{4}-\d\d-\d\d \d\d:\d\d UTC weg/,
    );
    expect(text).not.toContain("New accounts can make");
  });
});

describe("a bulk upload over a new account's limit", () => {
  it("names the rows past the limit in Spanish", async () => {
    const { cookie } = await signUp({ ...newPerson("plans-bulk"), plan: "premium" });
    const rows = Array.from({ length: 6 }, (_, n) => `url,https://example.com/mesa/${n}`);
    const form = new FormData();
    form.set("file", new File([["type,url", ...rows].join("\n")], "mesas.csv"));
    form.set("format", "png");
    form.set("size", "256");
    form.set("track", "on");
    const response = await appFetch("/bulk?intent=check", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: spanish(cookie), "CF-Connecting-IP": newAddress() },
      body: form,
    });
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain(
      "Las cuentas nuevas pueden crear 5 códigos dinámicos el primer día. Este límite se levanta el",
    );
    expect(text).not.toContain("New accounts can make");
  });
});

/** A free account that pays for Premium with the simulator's test card. */
async function subscriber() {
  const { person: who, cookie } = await signUp(newPerson("plans-pay"));
  const secret = await postJson("/api/create-subscription", { plan: "premium" }, { cookie });
  const { clientSecret } = await secret.json<{ clientSecret: string }>();
  const paid = await postForm(
    "/checkout?plan=premium",
    { intent: "pay", clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
    cookie,
  );
  expect(paid.status).toBe(303);
  return { who, cookie };
}

describe("a plan change on the Plan & Billing tab", () => {
  it("says the upgrade's amount due now, the outcome and the cancellation in German", async () => {
    const { who, cookie } = await subscriber();
    const confirm = plain(await pageText("/dashboard?tab=plans&change=ultimate", german(cookie)));
    expect(confirm).toContain("Upgrade auf Ultimate?");
    // The simulator's proration, written the German way ("17,00 $"), not "$17.00".
    const due = /Du zahlst jetzt (.+?), die Differenz/.exec(confirm)?.[1];
    expect(due).toMatch(/^\d+,\d\d \$$/);
    expect(confirm).not.toMatch(/You pay|\$\d/);

    const upgraded = await postForm(
      "/dashboard?tab=plans",
      { intent: "change", target: "ultimate", action: "upgrade" },
      german(cookie),
    );
    const upgradedText = await landOn(upgraded, german(cookie));
    expect(upgradedText).toContain("Upgrade erledigt!");
    expect(upgradedText).toContain(
      "Du bist jetzt bei Ultimate; die Differenz für diesen Zeitraum wird anteilig berechnet.",
    );

    const cancelled = await postForm("/dashboard?tab=plans", { intent: "cancel" }, german(cookie));
    const row = await env.DB.prepare("SELECT current_period_end FROM users WHERE email = ?")
      .bind(who.email)
      .first<{ current_period_end: number }>();
    const cancelledText = plain(await landOn(cancelled, german(cookie)));
    expect(cancelledText).toContain("Abo gekündigt");
    expect(cancelledText).toContain(
      `Du behältst Ultimate bis ${longDate(new Date(row!.current_period_end), "de")}.`,
    );

    const again = await postForm("/dashboard?tab=plans", { intent: "cancel" }, german(cookie));
    expect(await landOn(again, german(cookie))).toContain("Dein Abo endet bereits am");
    // The JSON API keeps the English.
    const api = await postJson("/api/subscription/cancel", {}, { cookie: german(cookie) });
    expect(api.status).toBe(409);
    expect(await api.json()).toMatchObject({
      message: expect.stringMatching(/^Your subscription already ends on /),
    });
  });

  it("writes the invoices' amounts the page's way", async () => {
    const { cookie } = await subscriber();
    const page = plain(await pageText("/dashboard?tab=plans", spanish(cookie)));
    expect(page).toContain(plain(formatAmount(1500, "usd", "es")));
    expect(page).not.toContain("$15.00");
  });
});

describe("a support request", () => {
  it("promises its first answer with the time written in Spanish", async () => {
    const { cookie } = await signUp({ ...newPerson("plans-support"), plan: "premium" });
    const sent = await postForm(
      "/support",
      { subject: "Escaneos", category: "codes", message: "El código del menú no cuenta." },
      spanish(cookie),
    );
    expect(sent.status).toBe(303);
    expect(cookieFrom(sent, "qr_flash")).not.toBeNull();
    const text = plain(await landOn(sent, spanish(cookie)));
    const date = /Te responderemos antes del (.+? UTC)\./.exec(text)?.[1];
    expect(date).toMatch(/^\d{1,2} [a-z]{3,4} \d{4}, \d\d:\d\d UTC$/);
    expect(text).not.toMatch(/We will answer by|\d [A-Z][a-z]{2} \d{4}/);
  });
});
