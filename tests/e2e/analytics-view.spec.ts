import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { report, seriousViolations } from "./axe";

// The Analytics view (issue #30) with JavaScript on and off (the two projects), on a phone and a
// desktop: a month of realistic scans seeded straight into the rollups of the server's local D1,
// the GET form's range, zone and comparison, the server-drawn charts, the CSV link, and axe.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const HOUR = 60 * 60 * 1000;

async function signUp(page: Page, baseURL: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Ana",
      lastName: "Lytics",
      email: `analytics-${unique}@example.com`,
      password: "a long enough password",
      plan: "premium",
    },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(201);
}

async function saveCode(page: Page, baseURL: string, title: string) {
  const response = await page.request.post("/api/qr-codes/generate", {
    multipart: {
      type: "url",
      data: JSON.stringify({ url: "https://example.com/menu" }),
      customization: JSON.stringify({ size: 256 }),
      title,
      save: "true",
      trackScans: "true",
    },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

const PLACES = [
  ["US", "California", "San Francisco", 30],
  ["US", "New York", "New York", 25],
  ["DE", "Berlin", "Berlin", 18],
  ["GB", "England", "London", 14],
  ["JP", "Tokyo", "Tokyo", 8],
  ["BR", "Sao Paulo", "São Paulo", 5],
] as const;
const DEVICES = [
  ["mobile", 70],
  ["desktop", 22],
  ["tablet", 8],
] as const;
const SYSTEMS = [
  ["iOS", 45],
  ["Android", 33],
  ["Windows", 14],
  ["Mac OS", 8],
] as const;
const BROWSERS = [
  ["Mobile Safari", 42],
  ["Chrome", 38],
  ["Samsung Browser", 12],
  ["Firefox", 8],
] as const;

/** A deterministic pick by weight. */
function pick<T extends readonly unknown[]>(choices: readonly T[], seed: number): T {
  const total = choices.reduce((sum, choice) => sum + (choice[choice.length - 1] as number), 0);
  let at = seed % total;
  for (const choice of choices) {
    at -= choice[choice.length - 1] as number;
    if (at < 0) return choice;
  }
  return choices[0]!;
}

/** 30 days of scans, busiest at lunch and in the evening, into the server's local D1. */
function seedRollups(codes: { id: number; scale: number }[]) {
  const rows: string[] = [];
  const now = Math.floor(Date.now() / HOUR) * HOUR;
  for (const { id, scale } of codes) {
    for (let hour = now - 30 * 24 * HOUR; hour <= now; hour += HOUR) {
      const utc = new Date(hour).getUTCHours();
      const weekend = [0, 6].includes(new Date(hour).getUTCDay()) ? 1.6 : 1;
      const curve = utc >= 11 && utc <= 13 ? 9 : utc >= 17 && utc <= 20 ? 6 : utc < 6 ? 0.4 : 2;
      const scans = Math.round(curve * weekend * scale * (0.6 + ((hour / HOUR) % 7) / 10));
      if (scans === 0) continue;
      const uniques = Math.round(scans * 0.8);
      const seed = Math.floor(hour / HOUR) * 31 + id;
      const [country, region, city] = pick(PLACES, seed);
      const values: [string, string, number][] = [
        ["total", "", uniques],
        ["country", country, 0],
        ["region", region, 0],
        ["city", city, 0],
        ["device", pick(DEVICES, seed * 7)[0], 0],
        ["os", pick(SYSTEMS, seed * 13)[0], 0],
        ["browser", pick(BROWSERS, seed * 17)[0], 0],
      ];
      for (const [dimension, value, unique] of values) {
        rows.push(`(${id}, '${dimension}', ${hour}, '${value}', ${scans}, ${unique})`);
      }
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "analytics-seed-"));
  const file = join(dir, "seed.sql");
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += 400) {
    statements.push(
      `INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans, uniques) VALUES ${rows.slice(i, i + 400).join(", ")};`,
    );
  }
  writeFileSync(file, statements.join("\n"));
  // Two workers may seed at once, and the server holds the same database: try again when busy.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(
        "npx",
        [
          "wrangler",
          "d1",
          "execute",
          "DB",
          "--local",
          "--persist-to",
          ".wrangler/e2e-state",
          "--file",
          file,
        ],
        { cwd: fileURLToPath(new URL("../..", import.meta.url)), stdio: "ignore" },
      );
      return;
    } catch (error) {
      if (attempt === 5) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000 * attempt);
    }
  }
}

async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const serious = await seriousViolations(page, await context.newPage(), javaScriptEnabled);
    expect(serious, report(serious)).toEqual([]);
  } finally {
    await context.close();
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [name, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`the Analytics view on a ${name}: range, zone, comparison, charts and CSV`, async ({
    page,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUp(page, baseURL!);
    const menu = await saveCode(page, baseURL!, "Lunch menu");
    const poster = await saveCode(page, baseURL!, "Window poster");
    await saveCode(page, baseURL!, "Table tent");
    seedRollups([
      { id: menu, scale: 3 },
      { id: poster, scale: 1 },
    ]);

    // From the dashboard's tab to the view.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Full analytics" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("img", { name: /Scans and unique scans by day/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /Scans by weekday and hour/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Top countries" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "San Francisco" })).toBeVisible();
    // Countries are named by Intl in the page's language; the data keeps the ISO code.
    await expect(page.getByRole("rowheader", { name: "United States" })).toBeVisible();
    await expect(page.getByText(/30 or 45 minutes off the hour/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, javaScriptEnabled);

    // The form: another range and zone, two codes compared; a plain GET, with or without JS.
    await page.getByLabel("Date range").selectOption("7d");
    await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
    await page.getByText("Compare codes").click();
    await page.getByRole("checkbox", { name: "Lunch menu" }).check();
    await page.getByRole("checkbox", { name: "Window poster" }).check();
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/range=7d/);
    await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
    await expect(page.getByRole("heading", { name: "Codes compared" })).toBeVisible();
    await expect(page.getByRole("img", { name: /Scans of 2 codes by day/ })).toBeVisible();
    await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, javaScriptEnabled);
    await page.screenshot({
      path: testInfo.outputPath(`analytics-${name}-${javaScriptEnabled ? "js" : "nojs"}.png`),
      fullPage: true,
    });

    // The CSV link is the same query as a file.
    const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    expect(href).toContain("format=csv");
    expect(href).toContain("compare=");
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const body = await csv.text();
    expect(body).toContain("Time zone,Asia/Tokyo");
    expect(body).toContain("Compare: Window poster");

    // A wrong custom range is said in words, the form kept.
    await page.getByLabel("Date range").selectOption("custom");
    await page.getByLabel("From (custom dates)").fill("2000-01-01");
    await page.getByLabel("To (custom dates)").fill("2000-01-31");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert")).toContainText("Your plan keeps scans for 365 days");

    // One code's view from its page.
    await page.goto(`/dashboard/codes/${menu}`);
    await page.getByRole("link", { name: "Full analytics" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Analytics: Lunch menu" }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: testInfo.outputPath(`analytics-code-${name}-${javaScriptEnabled ? "js" : "nojs"}.png`),
      fullPage: true,
    });
  });
}

test.describe("in a browser in India", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("the view is shown in the browser's zone with JavaScript, in UTC without", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    await signUp(page, baseURL!);
    await page.goto("/dashboard/analytics");
    // Chromium names the zone by its older alias, Asia/Calcutta.
    const zone = javaScriptEnabled ? /Asia\/(Kolkata|Calcutta)/ : /UTC/;
    await expect(page.getByLabel("Time zone")).toHaveValue(zone);
    await expect(page.locator(".analytics-summary")).toContainText(zone);
    await expect(page.getByText(/a day starts at the nearest whole hour/)).toBeVisible();
  });
});
