import { expect, test } from "@playwright/test";
import { outbox, signInAsStaff } from "./staff";

// Abused links (issue #31), with JavaScript on and off: a reader opens a short link's preview
// (/s/{slug}+) and reports it; staff disable the link from the abuse queue; a scanner then sees
// the plain "This link was disabled" page, and the owner reads why on the code's page and by mail.

test("a report leads to a takedown that scanners and the owner see", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // two sign-ups (password hashes) and three browsers
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const origin = new URL(baseURL!).origin;
  const owner = `abuse-${unique}@example.com`;
  const signUp = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Owen",
      lastName: "Owner",
      email: owner,
      password: "a long enough password",
      plan: "premium",
    },
    headers: { Origin: origin },
  });
  expect(signUp.status()).toBe(201);
  const destination = `https://example.com/login-${unique}`;
  const saved = await page.request.post("/api/qr-codes/generate", {
    multipart: {
      type: "url",
      data: JSON.stringify({ url: destination }),
      customization: JSON.stringify({ size: 256 }),
      title: `Login ${unique}`,
      save: "true",
      trackScans: "true",
    },
    headers: { Origin: origin },
  });
  expect(saved.status()).toBe(200);
  const { id } = (await saved.json()) as { id: number };
  await page.goto(`/dashboard/codes/${id}`);
  const shortLink = /https?:\/\/[^\s]+\/s\/[0-9A-Za-z]{6,20}/.exec(
    (await page.locator("main").textContent())!,
  )![0];
  const slug = shortLink.split("/").pop()!;

  // 1. A reader, in a browser of their own, previews the link and reports it.
  const readerContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const reader = await readerContext.newPage();
  await reader.goto(`/s/${slug}+`);
  await expect(
    reader.getByRole("heading", { level: 1, name: "Where this QR code leads" }),
  ).toBeVisible();
  await expect(reader.getByRole("link", { name: destination })).toHaveAttribute(
    "href",
    destination,
  );
  await expect(reader.getByText("Made by")).toBeVisible();
  await reader.getByRole("button", { name: "Send report" }).click();
  // Nothing chosen: a message beside the field, nothing sent.
  await expect(reader.getByText("Choose why you are reporting this link.")).toBeVisible();
  await reader.getByLabel("What is wrong with it?").selectOption("phishing");
  await reader.getByLabel("What did you see?").fill("A fake bank sign-in page.");
  await reader.getByRole("button", { name: "Send report" }).click();
  const thanks = reader.getByText("Thank you. Your report reached our team");
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeInViewport();
  await readerContext.close();

  // 2. Staff disable it from the abuse queue.
  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInAsStaff(staffContext.request, origin);
  const staff = await staffContext.newPage();
  await staff.goto("/staff");
  await staff.getByRole("link", { name: "Abuse reports" }).first().click();
  await expect(staff.getByRole("heading", { level: 1, name: "Abuse reports" })).toBeVisible();
  const card = staff.getByRole("article", { name: `Link ${slug}` });
  await expect(card).toContainText(destination);
  await expect(card).toContainText(owner);
  await expect(card).toContainText("A fake bank sign-in page.");
  await card.getByLabel("Reason shown to the owner").fill("It imitates a bank's sign-in page.");
  await card.getByRole("button", { name: `Disable link ${slug}` }).click();
  await expect(staff.getByText("Link disabled").first()).toBeVisible();
  await expect(staff.getByRole("article", { name: `Link ${slug}` })).toHaveCount(0);
  await staffContext.close();

  // 3. A scanner gets the plain page, no redirect.
  const scan = await page.request.get(shortLink, { maxRedirects: 0 });
  expect(scan.status()).toBe(410);
  await page.goto(shortLink);
  await expect(
    page.getByRole("heading", { level: 1, name: "This link was disabled" }),
  ).toBeVisible();

  // 4. The owner reads why, on the code's page and by e-mail.
  await page.goto(`/dashboard/codes/${id}`);
  await expect(
    page.getByText("Disabled by our team: It imitates a bank's sign-in page.").first(),
  ).toBeVisible();
  const mail = (await outbox(page.request)).find((m) => m.to === owner);
  expect(mail?.subject).toBe(`We disabled the link of “Login ${unique}”`);
});
