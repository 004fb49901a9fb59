import { expect, test } from "@playwright/test";
import { signInAsStaff } from "./staff";

// /staff/health (issue #31) on a phone, with JavaScript on and off: a staff member opens it from
// the console, where it is the first section, and reads every block without sideways scrolling.

test.use({ viewport: { width: 390, height: 844 } });

test("a staff member opens the health page first, on a phone", async ({ page, baseURL }) => {
  test.slow(); // the staff member signs up, with a password hash
  await signInAsStaff(page.request, new URL(baseURL!).origin);
  await page.goto("/staff");
  const first = page.locator(".staff-sections li").first();
  await expect(first).toContainText("Health");
  await first.getByRole("link", { name: "Health" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Health" })).toBeVisible();
  for (const title of [
    "Queues",
    "Cron triggers",
    "Bulk jobs stuck for over an hour",
    "Webhook endpoints disabled",
    "Failed mail",
    "5xx rate",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /Requests per hour/ })).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(innerWidth);
});
