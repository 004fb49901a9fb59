import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { readVcard } from "../support/payload-parse";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";
import { signInToDemo } from "./demo";

// Issue #29 items 12, 13, 14 and 16, with JavaScript on and off (the two projects), at a phone's
// 375 px and a desktop's 1280 px where the layout matters.

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("onboarding-tour-completed", "e2e"));
});

async function expectNoSidewaysScrolling(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(innerWidth);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`/signin and /auth share one card, and open on e-mail with no provider configured (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // Local runs configure no federated sign-in: nothing to list, so e-mail comes first.
    await page.goto("/signin?reason=save");
    await expect(page.getByText("Sign up to save your QR codes")).toBeVisible();
    await expect(page.getByRole("link", { name: "Email Login" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("link", { name: /Continue with/ })).toHaveCount(0);
    const signinCard = await page.locator(".auth-card").boundingBox();
    await expectNoSidewaysScrolling(page);

    await page.getByRole("link", { name: "Social Login" }).click();
    await expect(page.getByText("No social sign-in is set up on this site yet.")).toBeVisible();

    await page.goto("/auth?mode=signin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await expect(page.getByRole("link", { name: /Continue with/ })).toHaveCount(0);
    await expect(page.getByText("or with your email")).toHaveCount(0);
    const authCard = await page.locator(".auth-card").boundingBox();
    expect(authCard!.width).toBe(signinCard!.width);
    expect(authCard!.x).toBe(signinCard!.x);
    await expect(page.getByText("By continuing you agree to our")).toBeVisible();
    await expectNoSidewaysScrolling(page);
  });

  test(`the header stays opaque over scrolled content (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/faq");
    await page.mouse.wheel(0, 600);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const header = page.locator(".site-header");
    const { background, top } = await header.evaluate((element) => ({
      background: getComputedStyle(element).backgroundColor,
      top: element.getBoundingClientRect().top,
    }));
    expect(top).toBe(0);
    expect(background).toBe("rgb(255, 255, 255)");
  });

  test(`pricing reads on a phone: the features stay in view, the current plan is a badge (${viewport.width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    await signInToDemo(page, "premium", baseURL!);
    await page.goto("/pricing");
    await expectNoSidewaysScrolling(page);

    const premium = page
      .locator(".plan-card")
      .filter({ has: page.getByRole("heading", { name: "Premium" }) });
    await expect(premium).toContainText("Current plan");
    await expect(premium.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Choose Ultimate" })).toBeVisible();

    const cue = page.getByText("Swipe the table sideways to see every plan");
    const table = page.getByRole("region", { name: "Compare plans" });
    const feature = page.getByRole("rowheader", { name: "SVG downloads" });
    await table.scrollIntoViewIfNeeded();
    if (viewport === PHONE) {
      await expect(cue).toBeVisible();
      const before = await feature.boundingBox();
      await table.evaluate((box) => (box.scrollLeft = 200));
      await expect.poll(() => table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(50);
      const after = await feature.boundingBox();
      expect(after!.x).toBe(before!.x);
      // The feature name is readable, not squeezed to a sliver.
      expect(after!.width).toBeGreaterThan(120);
    } else {
      await expect(cue).toBeHidden();
      expect(await table.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    }
  });
}

test("'QR settings loaded!' greets a link, not the generator's own Update preview", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/?type=text&text=Hello%20there");
  await expect(page.getByText("QR settings loaded!")).toBeVisible();
  await page.getByLabel("Text", { exact: true }).fill("Changed");
  await page.getByRole("button", { name: "Update preview" }).click();
  await expect(page.getByRole("img", { name: "QR code: text: Changed" })).toBeVisible();
  if (!javaScriptEnabled) {
    await expect(page.getByText("QR settings loaded!")).toHaveCount(0);
    await page.getByRole("link", { name: "Wi-Fi" }).click();
    await expect(page.getByLabel("Network name (SSID)")).toBeVisible();
    await expect(page.getByText("QR settings loaded!")).toHaveCount(0);
  }
});

test("'Discover the features' shows only where JavaScript can tick it", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  await expect(page.getByText("Discover the features")).toBeVisible({
    visible: javaScriptEnabled,
  });
});

test("file inputs are drop zones that take a chosen (or, with JavaScript, dropped) file", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  await signInToDemo(page, "premium", baseURL!);
  await page.goto("/bulk");
  const zone = page.locator(".drop-zone");
  await expect(zone).toBeVisible();
  const border = await zone.evaluate((element) => getComputedStyle(element).borderStyle);
  expect(border).toBe("dashed");
  const csv = "type,url,title\nurl,https://example.com/dropped,Dropped\n";
  if (javaScriptEnabled) {
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "dropped.csv", { type: "text/csv" }));
      return data;
    }, csv);
    await zone.dispatchEvent("dragover", { dataTransfer: transfer });
    await expect(zone).toHaveClass(/dragging/);
    await zone.dispatchEvent("drop", { dataTransfer: transfer });
    await expect(zone).toContainText("Chosen: dropped.csv");
  } else {
    await page.getByLabel("CSV file", { exact: true }).setInputFiles({
      name: "dropped.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
  }
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("heading", { name: "dropped.csv: 1 of 1 row ready" })).toBeVisible();
});

test.describe("dates", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("are written one way, in the reader's zone once it is known (UTC, named, before)", async ({
    page,
    javaScriptEnabled,
  }) => {
    // Signing up sends a confirmation mail, whose time the outbox shows.
    const email = `dates-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.goto("/auth?mode=signup");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await page.goto("/dev/mail");
    const sent = page.locator(".outbox-message").filter({ hasText: email }).locator("time").first();
    const zoneOf = /^\d{1,2} \w{3} \d{4}, \d\d:\d\d (UTC|GMT\+5:30)$/;
    await expect(sent).toHaveText(zoneOf);
    if (javaScriptEnabled) {
      await expect(sent).toHaveText(/GMT\+5:30$/);
      // The browser told the server its zone: the server's own HTML now uses it.
      await expect
        .poll(async () => (await page.context().cookies()).some((c) => c.name === "tz"))
        .toBe(true);
      const html = await (await page.request.get("/dev/mail")).text();
      expect(html).toMatch(
        /<time dateTime="[^"]+">\d{1,2} \w{3} \d{4}, \d\d:\d\d GMT\+5:30<\/time>/,
      );
    } else {
      await expect(sent).toHaveText(/UTC$/);
    }
  });
});

test("a contact card carries an address, a second phone with its kind and a note", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/?type=contact");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Phone (optional)", { exact: true }).fill("+1 555 010 0000");
  await page.getByLabel("Second phone (optional)", { exact: true }).fill("+1 555 010 0001");
  await page.getByLabel("Second phone is").selectOption("work");
  await page.getByLabel("Street").fill("1 Navy Yard, Bldg 5");
  await page.getByLabel("City").fill("Arlington");
  await page.getByLabel("State or region").fill("VA");
  await page.getByLabel("Postal code").fill("22202");
  await page.getByLabel("Country").fill("USA");
  await page.getByLabel("Note").fill("Bring the nanosecond;\nask for Grace.");
  await expectNoSidewaysScrolling(page);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update preview" }).click();
  await expect(
    page.getByRole("img", { name: "QR code: contact card for Grace Hopper" }),
  ).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PNG" }).click();
  const png = await readFile((await (await downloading).path())!);
  const card = readVcard((await decodeSingleQr(png)).text);
  const find = (name: string) => card.filter((property) => property.name === name);
  expect(find("ADR")[0]!.components).toEqual([
    "",
    "",
    "1 Navy Yard, Bldg 5",
    "Arlington",
    "VA",
    "22202",
    "USA",
  ]);
  expect(
    find("TEL").map(({ params, components }) => `${params.join(";")} ${components[0]}`),
  ).toEqual(["TYPE=CELL +15550100000", "TYPE=WORK,VOICE +15550100001"]);
  expect(find("NOTE")[0]!.components).toEqual(["Bring the nanosecond;\nask for Grace."]);
});
