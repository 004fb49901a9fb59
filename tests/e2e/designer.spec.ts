import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";
import { signInToDemo } from "./demo";

// Issue #28's designer in the generator, with JavaScript (the preview redraws in the browser on
// every change) and without (radio buttons and "Update preview" drawn on the server), and issue
// #29 item 15: a refused colour keeps the last good code, dimmed, beside the reason.

const preview = (page: Page) => page.getByRole("img", { name: /^QR code:/ });

async function previewSvg(page: Page): Promise<string> {
  const src = (await preview(page).getAttribute("src"))!;
  expect(src).toMatch(/^data:image\/svg\+xml,/);
  return decodeURIComponent(src.slice("data:image/svg+xml,".length));
}

/** Opens the Design section and, without JavaScript, draws the choices with "Update preview". */
async function openDesigner(page: Page) {
  const summary = page.getByText("Design: shapes, colours and frame");
  if ((await page.locator("details.designer").getAttribute("open")) === null) await summary.click();
}

async function update(page: Page, javaScriptEnabled: boolean | undefined) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update preview" }).click();
}

test.beforeEach(async ({ page, baseURL }) => {
  // Premium: SVG downloads, and no visitor allowance in the way.
  await signInToDemo(page, "premium", baseURL!);
});

test("shapes, corners and a frame with text draw the code, and its PNG download scans", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/?type=url&url=https://example.com/designer");
  await openDesigner(page);
  const plain = await previewSvg(page);
  await page.getByRole("group", { name: "Dots" }).getByLabel("Classy rounded").check();
  await page
    .getByRole("group", { name: "Corners", exact: true })
    .getByLabel("Extra rounded")
    .check();
  await page.getByRole("group", { name: "Corner centres" }).getByLabel("Dot").check();
  await page.getByRole("group", { name: "Frame style" }).getByLabel("Label below").check();
  await page.getByLabel("Call to action", { exact: true }).fill("Scan the menu");
  await update(page, javaScriptEnabled);
  await openDesigner(page);

  await expect(
    page.getByRole("group", { name: "Dots" }).getByLabel("Classy rounded"),
  ).toBeChecked();
  await expect.poll(() => previewSvg(page)).not.toBe(plain);
  const svg = await previewSvg(page);
  // A frame makes the picture taller than wide.
  const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!;
  expect(Number(height)).toBeGreaterThan(Number(width));

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PNG" }).click();
  const png = await readFile((await (await download).path())!);
  expect((await decodeSingleQr(png)).text).toBe("https://example.com/designer");
  const href = (await page.getByRole("link", { name: "Download PNG" }).getAttribute("href"))!;
  expect(href).toContain("dotShape=classy-rounded");
  expect(href).toContain("frameText=Scan+the+menu");
});

test("a preset sets the whole design in one click", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?type=text&text=Preset");
  await openDesigner(page);
  await page.getByRole("button", { name: "Ocean" }).click();
  await openDesigner(page);
  await expect(page.getByRole("group", { name: "Dots" }).getByLabel("Extra rounded")).toBeChecked();
  await expect(
    page.getByRole("group", { name: "Gradient of the dots" }).getByLabel("Linear"),
  ).toBeChecked();
  await expect.poll(() => previewSvg(page)).toContain("<linearGradient");
  await expect(page.getByLabel("Share link")).toHaveValue(/gradientType=linear/);
  if (!javaScriptEnabled) {
    // The preset is applied once; the next "Update preview" keeps what is in the form.
    await page.getByRole("group", { name: "Dots" }).getByLabel("Square").check();
    await update(page, javaScriptEnabled);
    await expect(page.getByLabel("Share link")).toHaveValue(/gradientType=linear/);
    await expect(page.getByLabel("Share link")).not.toHaveValue(/dotShape/);
  }
});

test("a swatch picks a colour without typing it", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?type=text&text=Swatch");
  await page
    .getByRole("radiogroup", { name: "Foreground: quick choices" })
    .getByTitle("Crimson")
    .click();
  await update(page, javaScriptEnabled);
  await expect.poll(() => previewSvg(page)).toContain('fill="#9f1239"');
  // Without JavaScript the picker, changed afterwards, wins over the swatch still checked.
  if (!javaScriptEnabled) {
    await page.locator('input[type="color"][name="fg"]').fill("#166534");
    await update(page, javaScriptEnabled);
    await expect.poll(() => previewSvg(page)).toContain('fill="#166534"');
  }
});

test("a colour too close to the background keeps the last good code, dimmed, with the reason", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/?type=text&text=Contrast");
  await openDesigner(page);
  await page.getByRole("group", { name: "Gradient of the dots" }).getByLabel("Linear").check();
  await update(page, javaScriptEnabled);
  await openDesigner(page);
  await expect.poll(() => previewSvg(page)).toContain("<linearGradient");
  const good = await previewSvg(page);

  if (javaScriptEnabled) await page.getByLabel("Gradient end as hex").fill("#eeeeee");
  else await page.locator('input[type="color"][name="gradientTo"]').fill("#eeeeee");
  await update(page, javaScriptEnabled);

  const reason = "The gradient's light end is too close to the background.";
  await expect(page.locator(".preview-reason")).toContainText(reason);
  await expect(page.getByRole("alert").filter({ hasText: reason })).toBeVisible();
  const dimmed = page.getByRole("img", { name: /the last design that scans/ });
  await expect(dimmed).toBeVisible();
  const src = (await dimmed.getAttribute("src"))!;
  expect(decodeURIComponent(src.slice("data:image/svg+xml,".length))).toBe(good);
  await expect(page.getByText("Fill in the details to see your QR code.")).toHaveCount(0);
});

const DESIGNS = [
  "",
  "&errorCorrection=H&fg=1d4ed8",
  "&dotShape=rounded&cornerShape=dot&cornerDotShape=dot&cornerColor=%23991b1b",
  "&dotShape=classy&gradientType=linear&gradientFrom=%231d4ed8&gradientTo=%237c3aed&gradientRotation=45&frame=box&frameText=Scan+me",
  "&dotShape=dots&gradientType=radial&gradientFrom=%234c1d95&gradientTo=%237c3aed&frame=bubble&frameText=%CE%93%CE%B5%CE%B9%CE%B1+%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82&frameColor=%234c1d95",
  "&dotShape=extra-rounded&cornerShape=extra-rounded&frame=banner&bg=fefce8&frameColor=%23111827&frameTextColor=%23fefce8&size=512",
];

test("the browser's preview is byte for byte the server's SVG download", async ({
  page,
  javaScriptEnabled,
}) => {
  for (const design of DESIGNS) {
    await page.goto(`/?type=text&text=Bytes${design}`);
    if (javaScriptEnabled) {
      // Redraw in the browser: a change and back.
      const server = await previewSvg(page);
      await page.getByLabel("Text", { exact: true }).fill("Bytes!");
      await expect.poll(() => previewSvg(page)).not.toBe(server);
      await page.getByLabel("Text", { exact: true }).fill("Bytes");
      await expect.poll(() => previewSvg(page)).toBe(server);
    }
    const href = (await page.getByRole("link", { name: "Download SVG" }).getAttribute("href"))!;
    const file = await page.request.get(href);
    expect(file.status(), design).toBe(200);
    expect(await previewSvg(page), design).toBe(await file.text());
  }
});
