import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { textOf } from "../../support/html";
import { appFetch } from "../app";
import { deliver, fakeStripe, signedUpUser, stripeEvent, subscribedUser } from "./stripe";

// Issue #29 item 5 with Stripe (its fake): each paid invoice is listed under Plan & Billing with
// its receipts and e-mailed once, and an upgrade says what it costs now, from Stripe's preview.

const DAY = 24 * 60 * 60;
const QUEUE_WAIT = { timeout: 10_000, interval: 200 };

/** What the mail provider's fake received for `to` (tests/fakes/mail-api.ts). */
async function receivedBy(to: string) {
  const response = await fetch(`${env.FAKE_MAIL_CONTROL_URL}/emails?to=${encodeURIComponent(to)}`);
  return (await response.json<{ emails: { subject: string; text: string }[] }>()).emails;
}

async function page(path: string, cookie: string) {
  const response = await appFetch(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
}

describe("Stripe's payments on Plan & Billing", () => {
  it("a paid invoice is listed with its receipt and PDF, and its receipt e-mailed once for both events", async () => {
    const { user, cookie, subscription } = await subscribedUser("premium");
    const invoice = await fakeStripe.pay(subscription.id);

    expect((await deliver(stripeEvent("invoice.paid", invoice))).status).toBe(200);
    expect((await deliver(stripeEvent("invoice.payment_succeeded", invoice))).status).toBe(200);
    expect((await deliver(stripeEvent("invoice.paid", invoice))).status).toBe(200);

    // Mail goes through the queue to the mail provider's fake, as in production.
    const receipts = async () =>
      (await receivedBy(user.email)).filter((mail) => /receipt/.test(mail.subject));
    await vi.waitFor(async () => expect(await receipts()).toHaveLength(1), QUEUE_WAIT);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [mail] = await receipts();
    expect(await receipts()).toHaveLength(1);
    expect(mail!.subject).toBe(`Your QR Code Creator receipt ${String(invoice.number)}`);
    expect(mail!.text).toContain("We received your payment of $15.00");
    expect(mail!.text).toContain(`/receipts/${invoice.id}`);

    const plans = await page("/dashboard?tab=plans", cookie);
    expect(textOf(plans.html)).toContain("Invoices and receipts");
    expect(textOf(plans.html)).toMatch(
      new RegExp(`${String(invoice.number)} .* \\$15\\.00 Receipt`),
    );
    expect(plans.html).toContain(`href="/receipts/${invoice.id}"`);
    expect(plans.html).toContain(`href="${String(invoice.invoice_pdf)}"`);

    const receipt = await page(`/receipts/${invoice.id}`, cookie);
    expect(receipt.status).toBe(200);
    expect(textOf(receipt.html)).toContain("Amount paid $15.00");
    expect(receipt.html).toContain(`href="${String(invoice.hosted_invoice_url)}"`);

    // Nobody else's: another account gets a 404, not the receipt.
    const other = await signedUpUser();
    expect((await page(`/receipts/${invoice.id}`, other.cookie)).status).toBe(404);
  });

  it("an upgrade says what it costs now: Stripe's preview of the prorated invoice", async () => {
    const { cookie, subscription } = await subscribedUser("premium");
    // Half of the month is left: $49 - $15 for half a month is $17.00.
    const now = Math.floor(Date.now() / 1000);
    await fakeStripe.change(subscription.id, {
      currentPeriodStart: now - 15 * DAY,
      currentPeriodEnd: now + 15 * DAY,
    } as never);
    const plans = await page("/dashboard?tab=plans&change=ultimate", cookie);
    expect(textOf(plans.html)).toContain(
      "Upgrade to Ultimate? It starts now. You pay $17.00 now, the difference for the rest of this period",
    );
  });
});
