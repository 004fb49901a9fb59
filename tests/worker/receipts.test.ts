import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { newPerson, postJson, signUp } from "./accounts";
import { appFetch } from "./app";
import { postForm } from "./forms";
import { outbox } from "./mail";

// Issue #29 item 5 with the offline payment simulator (TEST MODE): each payment is listed under
// Plan & Billing with its receipt and e-mailed through the mailer, and an upgrade says what it
// costs now, with the same arithmetic as Stripe's preview (tests/worker/stripe/receipts.test.ts).

const DAY_MS = 24 * 60 * 60 * 1000;

async function pageText(path: string, cookie: string) {
  return textOf(await (await appFetch(path, { headers: { Cookie: cookie } })).text());
}

async function receiptsTo(email: string) {
  return (await outbox()).filter((mail) => mail.to === email && /receipt/.test(mail.subject));
}

describe("payments with the simulator", () => {
  it("a checkout's payment is listed with its receipt and e-mailed; an upgrade shows and charges the prorated amount", async () => {
    const { person, cookie } = await signUp();
    const started = await postJson("/api/create-subscription", { plan: "premium" }, { cookie });
    const { clientSecret } = await started.json<{ clientSecret: string }>();
    const paid = await postForm(
      "/checkout?plan=premium",
      { intent: "pay", clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
      cookie,
    );
    expect(paid.status).toBe(303);

    const [first] = await receiptsTo(person.email);
    expect(first!.text).toContain("We received your payment of $15.00");
    expect(first!.text).toContain("for Premium, one month");
    const receiptPath = new URL(first!.links[0]!).pathname;
    expect(receiptPath).toMatch(/^\/receipts\/sim_in_/);

    const plans = await pageText("/dashboard?tab=plans", cookie);
    expect(plans).toMatch(/Invoices and receipts .* TEST-\w+ Premium, one month \$15\.00 Receipt/);
    const receipt = await pageText(receiptPath, cookie);
    expect(receipt).toContain("TEST MODE");
    expect(receipt).toContain("Amount paid $15.00");
    expect(receipt).toContain(`Billed to ${person.email}`);

    // Half of the simulated month is left: $49 - $15 for half a month is $17.00, as Stripe's
    // preview says for the same half month.
    await env.DB.prepare("UPDATE users SET current_period_end = ? WHERE email = ?")
      .bind(Date.now() + 15 * DAY_MS, person.email)
      .run();
    expect(await pageText("/dashboard?tab=plans&change=ultimate", cookie)).toContain(
      "Upgrade to Ultimate? It starts now. You pay $17.00 now, the difference for the rest of this period",
    );
    const upgraded = await postForm(
      "/dashboard?tab=plans",
      { intent: "change", target: "ultimate", action: "upgrade" },
      cookie,
    );
    expect(upgraded.status).toBe(303);
    const receipts = await receiptsTo(person.email);
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.text).toContain("We received your payment of $17.00");
    expect(await pageText("/dashboard?tab=plans", cookie)).toMatch(
      /the upgrade to Ultimate for the rest of the month \$17\.00 Receipt/,
    );
  });

  it("a trial's checkout charges nothing yet: no invoice and no receipt", async () => {
    const { person, cookie } = await signUp({
      ...newPerson("trialist"),
      plan: "premium",
    });
    const started = await postJson("/api/create-subscription", { plan: "premium" }, { cookie });
    const { clientSecret } = await started.json<{ clientSecret: string }>();
    await postForm(
      "/checkout?plan=premium",
      { intent: "pay", clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
      cookie,
    );
    expect(await receiptsTo(person.email)).toHaveLength(0);
    expect(await pageText("/dashboard?tab=plans", cookie)).toContain("No payments yet.");
  });
});
