import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";

// Dynamic codes (issue #21), with JavaScript on and off: a tracked code is saved and its PNG
// downloaded (it decodes to the short link); its destination is changed on the dashboard; the
// short link then redirects to the new address; and a fresh download is byte for byte the first.
// The code's page lists the change and schedules one in a chosen time zone.

async function downloadPng(page: Page, item: ReturnType<Page["getByRole"]>): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await item.getByRole("link", { name: "Download PNG" }).click();
  return readFile((await (await downloading).path())!);
}

test("a tracked code leads somewhere new while its printed image stays the same", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // a sign-up (password hash), a save, two downloads and an edit
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const origin = new URL(baseURL!).origin;
  const signUp = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Dana",
      lastName: "Dynamic",
      email: `dynamic-${unique}@example.com`,
      password: "a long enough password",
      plan: "premium",
    },
    headers: { Origin: origin },
  });
  expect(signUp.status()).toBe(201);

  // 1. Save a tracked code and download its PNG: it decodes to the short link.
  const title = `Menu ${unique} ${javaScriptEnabled ? "js" : "nojs"}`;
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Flunch");
  await page.getByRole("checkbox", { name: /Track scans/ }).check();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save QR Code" }).click();
  await expect(page.getByText("QR code saved").first()).toBeVisible();
  await page.goto("/dashboard");
  const item = page.getByRole("listitem").filter({ hasText: title });
  const shortLink = (await item.locator("code", { hasText: "/s/" }).textContent())!;
  expect(shortLink).toMatch(new RegExp(`^${origin}/s/[0-9A-Za-z]{10}$`));
  await expect(item).toContainText("Leads to https://example.com/lunch");
  const first = await downloadPng(page, item);
  expect((await decodeSingleQr(first)).text).toBe(shortLink);
  const before = await page.request.get(shortLink, { maxRedirects: 0 });
  expect(before.headers()["location"]).toBe("https://example.com/lunch");

  // 2. Change the destination on the dashboard.
  await item.getByText("Edit destination").click();
  await expect(
    item.getByText("Saving never changes the code's image or its short link"),
  ).toBeVisible();
  const field = item.getByLabel("Destination", { exact: true });
  await field.fill("ftp://example.com/dinner");
  await item.getByRole("button", { name: "Save", exact: true }).click();
  // Refused with the generator's message, beside the field; nothing changed.
  await expect(page.getByText("Enter a valid web address, like https://example.com")).toBeVisible();
  const again = page.getByLabel("Destination", { exact: true });
  await again.fill("https://example.com/dinner");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Destination saved").first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(
    "Leads to https://example.com/dinner",
  );

  // 3. The short link now redirects to the new address.
  const after = await page.request.get(shortLink, { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(after.headers()["location"]).toBe("https://example.com/dinner");

  // 4. A fresh download is byte for byte the first one.
  const fresh = await downloadPng(page, page.getByRole("listitem").filter({ hasText: title }));
  expect(Buffer.compare(fresh, first)).toBe(0);

  // The code's page: the change in its history, with Restore; a change scheduled in a zone.
  await page
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("link", { name: "History and scheduling" })
    .click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const history = page.locator(".destination-change").first();
  await expect(history).toContainText("Edited");
  await expect(history).toContainText("by Dana Dynamic");
  await expect(history).toContainText(
    "From https://example.com/lunch to https://example.com/dinner",
  );
  await expect(
    history.getByRole("button", { name: "Restore https://example.com/lunch" }),
  ).toBeVisible();

  await page.getByText("Schedule a change").click();
  if (javaScriptEnabled) {
    // axe runs inside the page, so only with JavaScript (the no-JS DOM is the same HTML).
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  }
  await page.getByLabel("Lead to").fill("https://example.com/late-night");
  await page.getByLabel("From (date and time)").fill("2031-06-30T23:30");
  await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Schedule change" }).click();
  await expect(page.getByText("Change scheduled").first()).toBeVisible();
  await expect(page.locator(".scheduled-change")).toContainText(
    "From Jun 30, 2031, 11:30 PM (Asia/Tokyo), lead to https://example.com/late-night",
  );
  await page.getByRole("button", { name: "Cancel scheduled change" }).click();
  await expect(page.getByText("No change is scheduled.")).toBeVisible();

  await history.getByRole("button", { name: "Restore https://example.com/lunch" }).click();
  await expect(page.getByText("Destination restored").first()).toBeVisible();
  const restored = await page.request.get(shortLink, { maxRedirects: 0 });
  expect(restored.headers()["location"]).toBe("https://example.com/lunch");
});
