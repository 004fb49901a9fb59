import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";
import { signInToDemo } from "./demo";

test("a free user saves a code with a title and finds it on the dashboard", async ({
  page,
  baseURL,
}) => {
  const email = `saver-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await page.request.post("/api/auth/signup", {
    data: { firstName: "Sasha", lastName: "Saver", email, password: "a long enough password" },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(signUp.status()).toBe(201);

  await page.goto("/?type=text&text=Opening%20hours%209-5");
  await page.getByLabel("Title").fill("Shop hours");
  await page.getByRole("button", { name: "Save QR Code" }).click();
  await expect(page.getByText("QR code saved")).toBeVisible();
  // The generator keeps the code that was saved.
  await expect(page.getByLabel("Text", { exact: true })).toHaveValue("Opening hours 9-5");

  await page.goto("/dashboard");
  const item = page.getByRole("listitem").filter({ hasText: "Shop hours" });
  await expect(item).toContainText("TEXT");
  await expect(item).toContainText("0 downloads");
  const downloadPromise = page.waitForEvent("download");
  await item.getByRole("link", { name: "Download PNG" }).click();
  expect((await downloadPromise).suggestedFilename()).toBe("qr-text.png");
});

test("on a phone, the activity chart's dates and scale stay readable", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInToDemo(page, "premium", baseURL!);
  await page.goto("/dashboard");
  const chart = page.getByRole("figure").filter({ hasText: "Scans and downloads, last 30 days" });
  const today = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date());
  // Rendered size, not the stylesheet's: text drawn inside the scaled SVG shrank to ~7 px.
  for (const label of [chart.getByText(today), chart.locator(".chart-scale")]) {
    const box = await label.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(12);
  }
});

test("a visitor who tries to save is asked to sign up", async ({ page }) => {
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Fvisitor");
  await page.getByLabel("Title").fill("Visitor code");
  await page.getByRole("button", { name: "Save QR Code" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&reason=save/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the logo flow with the preview");

  test("a premium user uploads a logo, sees it in the preview, and downloads PNG and SVG that decode", async ({
    page,
    baseURL,
  }) => {
    await signInToDemo(page, "premium", baseURL!);
    await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Flogo");
    await page.getByLabel("Logo", { exact: true }).setInputFiles("tests/fixtures/logo.png");
    await page.getByRole("button", { name: "Add logo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Logo uploaded" })).toBeVisible();

    const preview = page.getByRole("img", { name: /^QR code:/ });
    await expect(preview).toHaveAttribute("src", /\/download\.png\?.*logo=logos%2F.*inline=1/);
    const previewPng = await page.request.get((await preview.getAttribute("src"))!);
    expect(previewPng.headers()["content-type"]).toBe("image/png");
    expect((await decodeSingleQr(await previewPng.body())).text).toBe("https://example.com/logo");

    for (const [name, extension] of [
      ["Download PNG", "png"],
      ["Download SVG", "svg"],
    ] as const) {
      const downloadPromise = page.waitForEvent("download");
      await page.getByRole("link", { name }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toBe(`qr-example.com.${extension}`);
      const bytes = await readFile((await download.path())!);
      const image =
        extension === "png"
          ? bytes
          : Buffer.from(
              (
                await page.evaluate(async (svg) => {
                  const img = new Image();
                  img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
                  await img.decode();
                  const canvas = document.createElement("canvas");
                  canvas.width = canvas.height = 600;
                  canvas.getContext("2d")!.drawImage(img, 0, 0, 600, 600);
                  return canvas.toDataURL("image/png");
                }, bytes.toString("utf8"))
              ).split(",")[1]!,
              "base64",
            );
      const decoded = await decodeSingleQr(image);
      expect(decoded).toMatchObject({ text: "https://example.com/logo", ecLevel: "H" });
    }
  });
});
