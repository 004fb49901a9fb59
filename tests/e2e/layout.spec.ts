import { expect, test } from "@playwright/test";

// Issue #20: on a phone the code is on the first screen, with JavaScript on and off; on a
// desktop it stays beside the fields.

test("on a 390 × 844 phone the QR preview is visible without scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Fmenu");
  const preview = page.getByRole("img", { name: /QR code/i }).first();
  await expect(preview).toBeVisible();
  const box = (await preview.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.width).toBeGreaterThanOrEqual(200);
  // The seven types stay one row that scrolls sideways, every one of them reachable.
  const tabs = page.getByRole("navigation", { name: "Code type" }).getByRole("link");
  await expect(tabs).toHaveCount(7);
  const rows = new Set(
    await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top)),
  );
  expect(rows.size).toBe(1);
  // The fields follow the code, and the download tools follow the fields.
  const field = (await page.getByLabel("Website address").boundingBox())!;
  const download = (await page.getByRole("link", { name: "Download PNG" }).boundingBox())!;
  expect(field.y).toBeGreaterThan(box.y + box.height);
  expect(download.y).toBeGreaterThan(field.y);
});

test("on a desktop the preview stays beside the fields, on the first screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const preview = (await page
    .getByRole("img", { name: /QR code/i })
    .first()
    .boundingBox())!;
  const field = (await page.getByLabel("Website address").boundingBox())!;
  expect(preview.x).toBeGreaterThan(field.x + field.width);
  expect(preview.y + preview.height).toBeLessThanOrEqual(800);
});
