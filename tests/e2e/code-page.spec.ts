import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";
import { report, seriousViolations } from "./axe";

// A saved code's page (issue #29 item 8), with JavaScript on and off, on a phone and a desktop:
// the image, short link, content, design, scans and downloads; a new design saved (the short link
// stays, the downloaded PNG decodes to it); a refused design answered in view; a static code's
// content changed only after its confirmation step.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function signUp(page: Page, baseURL: string, plan: "free" | "premium") {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Cora",
      lastName: "Code",
      email: `code-page-${unique}@example.com`,
      password: "a long enough password",
      plan,
    },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(201);
}

async function saveCode(page: Page, baseURL: string, url: string, track: boolean) {
  const response = await page.request.post("/api/qr-codes/generate", {
    multipart: {
      type: "url",
      data: JSON.stringify({ url }),
      customization: JSON.stringify({ size: 512 }),
      title: track ? "Lunch menu" : "Flyer",
      save: "true",
      ...(track ? { trackScans: "true" } : {}),
    },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

async function downloadPng(page: Page): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PNG" }).click();
  return readFile((await (await downloading).path())!);
}

/** axe finds nothing serious; without JavaScript, on a copy of the DOM in a page that runs axe. */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const serious = await seriousViolations(page, await context.newPage(), javaScriptEnabled);
    expect(serious, report(serious)).toEqual([]);
  } finally {
    await context.close();
  }
}

async function noSidewaysScrolling(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(innerWidth);
}

test("a dynamic code gets a new design; its short link stays and the PNG still decodes to it", async ({
  page,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  test.slow();
  const mode = javaScriptEnabled ? "js" : "nojs";
  await signUp(page, baseURL!, "premium");
  const id = await saveCode(page, baseURL!, "https://example.com/lunch", true);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/dashboard/codes/${id}`);
    await expect(page.getByRole("heading", { name: "Lunch menu" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^QR code: link to .*\/s\// })).toBeVisible();
    await noSidewaysScrolling(page);
    await page.screenshot({
      path: testInfo.outputPath(`code-page-${viewport.width}-${mode}.png`),
      fullPage: true,
    });
  }
  await expectAccessible(page, javaScriptEnabled);

  const shortLink = (await page.locator(".short-link code").textContent())!;
  expect(shortLink).toMatch(/\/s\/[0-9A-Za-z]{10}$/);
  await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(
    javaScriptEnabled ? 1 : 0,
  );
  for (const format of ["PNG", "SVG", "PDF", "EPS"]) {
    await expect(page.getByRole("link", { name: `Download ${format}` })).toBeVisible();
  }
  expect((await decodeSingleQr(await downloadPng(page))).text).toBe(shortLink);

  // A design whose gradient fades into the background is refused, in view, naming the part.
  await page.setViewportSize(PHONE);
  await page.getByText("Change the design").click();
  const dots = page.getByRole("group", { name: "Dots", exact: true });
  await dots.getByRole("radio", { name: "Rounded", exact: true }).check();
  await page.getByRole("group", { name: "Gradient", exact: true }).getByLabel("Linear").check();
  await page.getByLabel("From", { exact: true }).fill("#1d4ed8");
  await page.getByLabel("To", { exact: true }).fill("#f1f5f9");
  await page.getByRole("button", { name: "Save design" }).click();
  const refusal = page.locator("#result");
  await expect(refusal).toContainText("The design was not changed.");
  await expect(refusal).toContainText("gradient's light end is too close to the background");
  await expect(refusal).toBeInViewport();
  if (javaScriptEnabled) await expect(refusal).toBeFocused();
  else expect(new URL(page.url()).hash).toBe("#result");
  await expectAccessible(page, javaScriptEnabled);
  await page.screenshot({ path: testInfo.outputPath(`code-page-refused-390-${mode}.png`) });
  await page.setViewportSize(DESKTOP);
  await noSidewaysScrolling(page);
  await page.screenshot({
    path: testInfo.outputPath(`code-page-form-1280-${mode}.png`),
    fullPage: true,
  });
  await page.setViewportSize(PHONE);
  await noSidewaysScrolling(page);

  // Corrected, it is saved: the summary says so, the short link is the same, the PNG decodes.
  await page.getByLabel("To", { exact: true }).fill("#4c1d95");
  await page
    .getByRole("group", { name: "Frame style" })
    .getByLabel("Box, text under the code")
    .check();
  await page.getByLabel("Frame text", { exact: true }).fill("Scan for lunch");
  await page.getByRole("button", { name: "Save design" }).click();
  await expect(page.getByText("Design saved").first()).toBeVisible();
  await expect(page.locator(".code-facts").first()).toContainText("https://example.com/lunch");
  await expect(page.locator(".code-facts").nth(1)).toContainText("DotsRounded");
  await expect(page.locator(".code-facts").nth(1)).toContainText("“Scan for lunch”");
  expect(await page.locator(".short-link code").textContent()).toBe(shortLink);
  const styled = await downloadPng(page);
  expect((await decodeSingleQr(styled)).text).toBe(shortLink);
  await page.setViewportSize(DESKTOP);
  await page.screenshot({
    path: testInfo.outputPath(`code-page-styled-1280-${mode}.png`),
    fullPage: true,
  });
});

test("a static code's content changes only after the warning is confirmed", async ({
  page,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const mode = javaScriptEnabled ? "js" : "nojs";
  await signUp(page, baseURL!, "free");
  const id = await saveCode(page, baseURL!, "https://example.com/flyer", false);
  await page.setViewportSize(PHONE);
  await page.goto(`/dashboard/codes/${id}`);
  // Free: PNG only; the other formats are locked with the plan named and why.
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
  await expect(page.locator(".download-locked").first()).toContainText("Premium");
  await expect(
    page.getByText("PDF and EPS downloads require Premium or Ultimate plan.").first(),
  ).toBeVisible();

  await page.getByText("Change the content").click();
  await page.getByLabel("Website address").fill("https://example.com/new-flyer");
  await page.getByRole("button", { name: "Review the change" }).click();
  const ask = page.locator("#result");
  await expect(ask).toContainText("Change the printed code?");
  await expect(ask).toBeInViewport();
  await expectAccessible(page, javaScriptEnabled);
  await page.screenshot({ path: testInfo.outputPath(`code-page-confirm-390-${mode}.png`) });
  await ask.getByRole("button", { name: "Yes, change the printed code" }).click();
  await expect(page.getByText("Content saved").first()).toBeVisible();
  await expect(page.locator(".code-facts").first()).toContainText("https://example.com/new-flyer");
  expect((await decodeSingleQr(await downloadPng(page))).text).toBe(
    "https://example.com/new-flyer",
  );
});
