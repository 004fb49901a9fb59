import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// The dashboard as a code manager (issue #29, items 7 and 9), as a person uses it, with
// JavaScript on and off (the two projects): search, tags, the tag filter, several codes deleted
// after a confirmation page, a ZIP of the selection; at a phone's width and a desktop's.

async function newAccount(page: Page, baseURL: string) {
  const email = `lister-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const origin = new URL(baseURL).origin;
  const signUp = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Lee",
      lastName: "Lister",
      email,
      password: "a long enough password",
      plan: "premium",
    },
    headers: { Origin: origin },
  });
  expect(signUp.status()).toBe(201);
  for (const [title, url] of [
    ["Lunch menu", "https://cafe.example/menu"],
    ["Spring poster", "https://shop.example/spring"],
    ["Window sticker", "https://shop.example/window"],
  ] as const) {
    const saved = await page.request.post("/api/qr-codes/generate", {
      multipart: { type: "url", data: JSON.stringify({ url }), title, save: "true" },
      headers: { Origin: origin },
    });
    expect(saved.status()).toBe(200);
  }
}

const row = (page: Page, title: string) =>
  page.locator("li.code-item").filter({ has: page.getByRole("heading", { name: title }) });

for (const width of [375, 1280]) {
  test(`at ${width} px, codes are found, tagged, deleted and zipped`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 800 });
    await newAccount(page, baseURL!);
    await page.goto("/dashboard");
    await expect(page.locator("li.code-item")).toHaveCount(3);
    // The newest code is on the first screen, at a phone's width too.
    const first = await page.locator("li.code-item").first().boundingBox();
    expect(first!.y).toBeLessThan(800);
    // Every row has its thumbnail, drawn and loaded.
    const thumbnail = row(page, "Lunch menu").locator("img.code-thumbnail");
    await thumbnail.scrollIntoViewIfNeeded();
    await expect(thumbnail).toHaveAttribute(
      "src",
      /^\/dashboard\/thumbnails\/\d+\/[\w-]{22}\.svg$/,
    );
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // Search by content.
    await page.getByLabel("Search codes").fill("shop.example");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=shop\.example/);
    await expect(page.locator("li.code-item")).toHaveCount(2);
    await expect(page.getByText("2 codes match of 3 codes")).toBeVisible();

    // Tag one code from its row; the chip links to the tag filter.
    await row(page, "Spring poster").getByText("Add tag").click();
    await row(page, "Spring poster").getByLabel("New tag for Spring poster").fill("Spring 2026");
    await row(page, "Spring poster").getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("Tagged “spring 2026”")).toBeVisible();
    await expect(page).toHaveURL(/q=shop\.example/);
    await row(page, "Spring poster").getByRole("link", { name: "spring 2026" }).click();
    await expect(page.locator("li.code-item")).toHaveCount(1);
    await expect(page.locator('select[name="tag"]')).toHaveValue("spring 2026");

    // A tag that breaks the rules is refused with the reason.
    await page.goto("/dashboard");
    await row(page, "Lunch menu").getByText("Add tag").click();
    await row(page, "Lunch menu").getByLabel("New tag for Lunch menu").fill("<script>");
    await row(page, "Lunch menu").getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("cannot be a tag").first()).toBeVisible();

    // Two codes as a ZIP.
    await page.goto("/dashboard");
    await page.getByLabel("Select Lunch menu").check();
    await page.getByLabel("Select Window sticker").check();
    await page.getByText("With the ticked codes: ZIP, tag, delete").click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    const zip = await downloading;
    expect(zip.suggestedFilename()).toBe("qr-codes-2.zip");

    // The same two deleted, after the confirmation page.
    await page.goto("/dashboard");
    await page.getByLabel("Select Lunch menu").check();
    await page.getByLabel("Select Window sticker").check();
    await page.getByText("With the ticked codes: ZIP, tag, delete").click();
    await page.getByLabel("With the selected codes").selectOption("delete");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page.getByText("Delete these 2 codes?")).toBeVisible();
    await expect(page.locator("li.code-item")).toHaveCount(3);
    await page.getByRole("button", { name: "Delete for good" }).click();
    await expect(page.getByText("2 codes deleted")).toBeVisible();
    await expect(page.locator("li.code-item")).toHaveCount(1);

    // A search with no result says so and offers the way back.
    await page.goto("/dashboard?q=nothing-like-this");
    await expect(page.getByRole("heading", { name: "No codes match" })).toBeVisible();
    await page.getByRole("link", { name: "Clear search and filters" }).click();
    await expect(page.locator("li.code-item")).toHaveCount(1);

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
  });
}

test("a new account's achievements come after its codes, open in its first week", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "achievements live in this browser's storage: JavaScript only");
  await page.setViewportSize({ width: 390, height: 844 });
  await newAccount(page, baseURL!);
  await page.goto("/dashboard");
  const achievements = page.getByRole("region", { name: "Achievements" });
  await expect(achievements).toBeVisible();
  await expect(page.locator("details.achievements-fold")).toHaveCount(0);
  const codes = await page.locator("li.code-item").first().boundingBox();
  const panel = await achievements.boundingBox();
  expect(codes!.y).toBeLessThan(panel!.y);
  expect(codes!.y).toBeLessThan(844);
});

test("the code list has no serious accessibility issue", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs as JavaScript in the page");
  test.setTimeout(120_000);
  await newAccount(page, baseURL!);
  for (const path of ["/dashboard", "/dashboard?q=nothing", "/dashboard?q=menu"]) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    }
  }
});
