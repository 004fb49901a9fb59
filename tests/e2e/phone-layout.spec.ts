import { expect, type Locator, type Page, test } from "@playwright/test";

// Issue #29 item 10: on a phone the code and its download stay in reach while the fields are
// filled in, the type tabs show that they scroll, and a toast never covers a form error. With
// JavaScript on and off; a desktop keeps its layout.

const PHONE = { width: 375, height: 812 };

async function inViewport(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const bar = (page: Page) => page.getByRole("group", { name: "Your code" });

// The layout, not the first visit's tour: on a slow run the tour's dialog (after 1.5 s) would sit
// over the tabs and the fields (the tour has its own tests in delight.spec.ts).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("onboarding-tour-completed", "layout"));
});

test("on a phone, the code and its download stay on screen after scrolling down to the design", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com&from=generator");
  const preview = page.getByRole("img", { name: /^QR code:/ });
  // While the full preview is on screen the bar stays out of the way.
  await inViewport(page, preview);
  await expect(bar(page)).toBeHidden();

  await page.getByLabel("Website address").fill("example.org/menu");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update preview" }).click();
  // Down to the design, past the full preview.
  await page.getByText("Design: shapes, colours and frame").scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => (await preview.boundingBox())!.y + 100).toBeLessThan(0);

  const download = bar(page).getByRole("link", { name: "Download" });
  const thumbnail = bar(page).getByRole("link", { name: "Show the full preview" }).locator("img");
  await inViewport(page, download);
  await inViewport(page, thumbnail);
  // The thumbnail is the code as it stands, typed change included.
  await expect(preview).toHaveAccessibleName("QR code: link to https://example.org/menu");
  expect(await thumbnail.getAttribute("src")).toBe(await preview.getAttribute("src"));

  const downloading = page.waitForEvent("download");
  await download.click();
  expect((await downloading).suggestedFilename()).toBe("qr-example.org.png");
});

test("on a phone, the type tabs scroll inside their row with a visible cue, every tab reachable", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const row = page.getByRole("navigation", { name: "Code type" });
  const tabs = row.getByRole("link");
  await expect(tabs).toHaveCount(7);
  // No sideways scroll of the page itself.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

  const cue = (side: "::before" | "::after") =>
    row.evaluate((nav, pseudo) => {
      const style = getComputedStyle(nav, pseudo);
      return style.content === "none" ? 0 : Number(style.opacity);
    }, side);
  // "More this way": an arrow on the right until the row reaches its end, then on the left.
  expect(await cue("::after")).toBe(1);
  expect(await cue("::before")).toBe(0);

  for (const tab of await tabs.all()) {
    await tab.scrollIntoViewIfNeeded();
    await inViewport(page, tab);
  }
  // Swiped to its end, the row says so.
  await row.evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }));
  await expect.poll(() => cue("::after")).toBe(0);
  expect(await cue("::before")).toBe(1);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);

  await tabs.last().click();
  await expect(page.getByRole("group", { name: "Contact details" })).toBeVisible();
});

test("on a phone, a toast moves off a form error instead of covering it", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize(PHONE);
  const error = page.getByText("Enter a valid e-mail address, like name@example.com");
  if (!javaScriptEnabled) {
    // Without JavaScript messages are part of the page: "QR settings loaded!" above the form.
    await page.goto("/?type=email&email=nobody");
    const notice = page.getByRole("status").filter({ hasText: "QR settings loaded!" });
    await error.scrollIntoViewIfNeeded();
    expect(overlap((await notice.boundingBox())!, (await error.boundingBox())!)).toBe(false);
    return;
  }
  await page.goto("/?type=email&email=hello%40example.com&from=generator");
  const field = page.getByLabel("E-mail address");
  // The field just under the sticky header, where a phone shows its toasts.
  await field.evaluate((input) => {
    input.scrollIntoView({ block: "start" });
    window.scrollBy(0, -72);
  });
  await field.fill("nobody");
  await expect(error).toBeVisible();
  // The first colour change unlocks an achievement: a five-second toast.
  await page
    .getByRole("radiogroup", { name: "Foreground: quick choices" })
    .getByRole("radio")
    .nth(2)
    .check();
  const toast = page.getByRole("status").filter({ hasText: "Achievement unlocked" });
  await expect(toast).toBeVisible();
  const errorBox = (await error.boundingBox())!;
  expect(errorBox.y).toBeGreaterThan(0);
  expect(overlap((await toast.boundingBox())!, errorBox)).toBe(false);
  expect(overlap((await toast.boundingBox())!, (await field.boundingBox())!)).toBe(false);
});

test("on a desktop the preview stays beside the fields and there is no phone bar", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com&from=generator");
  const preview = (await page.getByRole("img", { name: /^QR code:/ }).boundingBox())!;
  const field = (await page.getByLabel("Website address").boundingBox())!;
  expect(preview.x).toBeGreaterThan(field.x + field.width);
  await expect(page.getByRole("link", { name: "Download PNG" })).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect(bar(page)).toBeHidden();
  // One row of tabs, without the phone's scroll cue.
  const tops = await page
    .getByRole("navigation", { name: "Code type" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
});
