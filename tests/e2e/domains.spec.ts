import { expect, test } from "@playwright/test";

// Custom domains and white label (issue #18), with JavaScript on and off: an Ultimate workspace
// adds a domain, reads its DNS record, and TEST MODE activates it; a tracked code saved on it
// redirects when asked with that Host; brand settings are saved, and the deleted code's 410 page
// shows the brand, with this service's name nowhere on it.

const PRODUCT = /qr ?code ?creator/i;

test("an Ultimate workspace prints a tracked code on its own domain and brands its pages", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // a sign-up (password hash), two settings pages and a save
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const hostname = `go-${unique}-${javaScriptEnabled ? "js" : "nojs"}.bakery-e2e.test`;
  const origin = new URL(baseURL!).origin;
  const signUp = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Ada",
      lastName: "Baker",
      email: `baker-${unique}@example.com`,
      password: "a long enough password",
      plan: "ultimate",
    },
    headers: { Origin: origin },
  });
  expect(signUp.status()).toBe(201);

  // The domain: its DNS record and status in words, then TEST MODE's first check activates it.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Domains", exact: true }).click();
  await expect(page).toHaveURL(/tab=domains/);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await page.getByLabel("Hostname", { exact: true }).fill(hostname);
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByText(`${hostname} added.`).first()).toBeVisible();
  const card = page.locator(".domain").filter({ hasText: hostname });
  await expect(card.locator(".badge")).toHaveText("Pending");
  await expect(card).toContainText("Waiting for the DNS record and the certificate.");
  const record = card.getByRole("table");
  await expect(record.getByRole("cell", { name: "CNAME" })).toBeVisible();
  await expect(record.getByRole("cell", { name: hostname })).toBeVisible();
  await expect(record).toContainText("domains.qrcodecreator.app");
  // Not active yet: the hostname answers a bare 404.
  const early = await page.request.get("/s/abcdefghij", {
    headers: { Host: hostname },
    maxRedirects: 0,
  });
  expect(early.status()).toBe(404);
  expect(await early.text()).toBe("Not found\n");
  await card.getByRole("button", { name: "Check now" }).click();
  await expect(
    page.getByText(`${hostname} is active: its tracked links work.`).first(),
  ).toBeVisible();
  await expect(card.locator(".badge")).toHaveText("Active");

  // A tracked code saved on the domain; asked for with that Host, its link redirects.
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Fbakery-menu");
  await page.getByRole("checkbox", { name: /Track scans/ }).check();
  await page.getByLabel("Short link domain (for dynamic codes)").selectOption({ label: hostname });
  await page.getByLabel("Title", { exact: true }).fill("Menu on our domain");
  await page.getByRole("button", { name: "Save QR Code" }).click();
  await expect(page.getByText("QR code saved").first()).toBeVisible();
  await page.goto("/dashboard");
  const item = page.getByRole("listitem").filter({ hasText: "Menu on our domain" });
  const link = await item.locator("code", { hasText: hostname }).textContent();
  expect(link).toMatch(new RegExp(`^https://${hostname.replaceAll(".", "\\.")}/[0-9A-Za-z]{10}$`));
  const slug = new URL(link!).pathname.slice(1);
  const scan = await page.request.get(`/${slug}`, { headers: { Host: hostname }, maxRedirects: 0 });
  expect(scan.status()).toBe(302);
  expect(scan.headers()["location"]).toBe("https://example.com/bakery-menu");
  expect(scan.headers()["set-cookie"]).toBeUndefined();

  // The brand: name, accent colour, support link and logo; the tab previews it.
  await page.goto("/dashboard?tab=brand");
  await page.getByLabel("Brand name", { exact: true }).fill("Ada's Bakery");
  await page.getByLabel("Accent colour", { exact: true }).fill("#facc15");
  await page.getByLabel("Support link", { exact: true }).fill("https://ada-bakery.test/help");
  await page.getByRole("button", { name: "Save brand" }).click();
  await expect(page.getByText(/This colour is too light to read on white/)).toBeVisible();
  await page.getByLabel("Accent colour", { exact: true }).fill("#9a3412");
  await page.getByLabel("Logo", { exact: true }).setInputFiles("tests/fixtures/logo.png");
  await page.getByRole("button", { name: "Save brand" }).click();
  await expect(
    page.getByText("People scanning this workspace's codes now see Ada's Bakery.").first(),
  ).toBeVisible();
  const preview = page.getByRole("region", { name: "What people scanning your codes see" });
  await expect(preview.getByRole("img", { name: "Ada's Bakery" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Contact Ada's Bakery" })).toBeVisible();

  // The code is deleted: where it was printed, its 410 page shows the brand and not ours.
  await page.goto("/dashboard");
  await item.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Menu on our domain" })).toHaveCount(0);
  const gone = await page.request.get(`/${slug}`, { headers: { Host: hostname } });
  expect(gone.status()).toBe(410);
  const goneHtml = await gone.text();
  expect(goneHtml).toContain("This QR code was deleted");
  expect(goneHtml).toContain("Ada&#39;s Bakery");
  expect(goneHtml).not.toMatch(PRODUCT);

  // This service's own short link of the code shows the same branded page in the browser.
  const page410 = await page.goto(`/s/${slug}`);
  expect(page410?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This QR code was deleted" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Ada's Bakery" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Ada's Bakery" })).toHaveAttribute(
    "href",
    "https://ada-bakery.test/help",
  );
  await expect(page).toHaveTitle("This QR code was deleted · Ada's Bakery");
  expect(await page.content()).not.toMatch(PRODUCT);
  // The logo really loads (the page's own policy allows its images).
  const logoLoaded = await page
    .getByRole("img", { name: "Ada's Bakery" })
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(logoLoaded).toBe(true);
});
