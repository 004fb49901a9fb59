import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { freePorts, serveOnLoopback } from "../fakes/ports";
import { type ReceivedDelivery, webhookReceiver } from "../fakes/webhook-receiver";

// Webhooks (issue #19), with JavaScript on and off: an Ultimate workspace adds an endpoint that
// points at a receiver this test starts on loopback (local runs allow http://127.0.0.1), sends a
// test event that arrives signed, and a scan of a tracked code arrives as qr_code.scanned; both
// verify with the standardwebhooks package and the secret the page shows.

test("an Ultimate workspace receives signed webhooks: a test event, then a scan", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // a sign-up (password hash), a save, and two trips through the local queues
  const receiver = webhookReceiver();
  const [port] = await freePorts(1);
  const stop = await serveOnLoopback(port!, receiver.handle);
  try {
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const hook = `/hook/${javaScriptEnabled ? "js" : "nojs"}-${unique}`;
    const origin = new URL(baseURL!).origin;
    const signUp = await page.request.post("/api/auth/signup", {
      data: {
        firstName: "Ada",
        lastName: "Hooks",
        email: `hooks-${unique}@example.com`,
        password: "a long enough password",
        plan: "ultimate",
      },
      headers: { Origin: origin },
    });
    expect(signUp.status()).toBe(201);
    const arrived = (type: string) =>
      receiver.received.filter(
        (delivery) =>
          delivery.path === hook && (JSON.parse(delivery.body) as { type: string }).type === type,
      );

    // 1. The endpoint, added on the Integrations tab; its secret is shown with it.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Integrations", exact: true }).click();
    await expect(page).toHaveURL(/tab=integrations/);
    await page.getByLabel("Address", { exact: true }).fill(`http://127.0.0.1:${port}${hook}`);
    await expect(page.getByRole("checkbox", { name: /qr_code\.scanned/ })).toBeChecked();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("heading", { name: /Endpoint added/ })).toBeVisible();
    const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_/);

    // 2. "Send test event" arrives, signed with that secret.
    const card = page.locator(".domain").filter({ hasText: `127.0.0.1:${port}${hook}` });
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test event sent").first()).toBeVisible();
    await expect.poll(() => arrived("webhook.test").length, { timeout: 20_000 }).toBe(1);
    const test = arrived("webhook.test")[0]!;
    expect(new Webhook(secret).verify(test.body, test.headers)).toMatchObject({
      type: "webhook.test",
    });
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator(".webhook-log").first().textContent();
        },
        { timeout: 15_000 },
      )
      .toContain("Delivered");

    // 3. A tracked code, scanned: the redirect answers, and the scan arrives as qr_code.scanned.
    await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Fhooked-menu");
    await page.getByRole("checkbox", { name: /Track scans/ }).check();
    await page.getByLabel("Title", { exact: true }).fill("Hooked menu");
    await page.getByRole("button", { name: "Save QR Code" }).click();
    await expect(page.getByText("QR code saved").first()).toBeVisible();
    await page.goto("/dashboard");
    const item = page.getByRole("listitem").filter({ hasText: "Hooked menu" });
    const link = await item.locator("code", { hasText: "/s/" }).first().textContent();
    const slug = new URL(link!).pathname;
    const scan = await page.request.get(slug, { maxRedirects: 0 });
    expect(scan.status()).toBe(302);
    expect(scan.headers()["location"]).toBe("https://example.com/hooked-menu");
    await expect.poll(() => arrived("qr_code.scanned").length, { timeout: 20_000 }).toBe(1);
    const scanned = arrived("qr_code.scanned")[0] as ReceivedDelivery;
    expect(new Webhook(secret).verify(scanned.body, scanned.headers)).toMatchObject({
      type: "qr_code.scanned",
      data: { title: "Hooked menu" },
    });
  } finally {
    await stop();
  }
});
