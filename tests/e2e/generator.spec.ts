import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { parseWifi } from "../support/payload-parse";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";

async function previewText(page: Page): Promise<string> {
  const src = await page.getByRole("img", { name: /^QR code:/ }).getAttribute("src");
  expect(src).toMatch(/^data:image\/svg\+xml,/);
  const svg = decodeURIComponent(src!.slice("data:image/svg+xml,".length));
  // Render the browser's own SVG to PNG in the page, then read it with zxing.
  const png = await page.evaluate(async (markup) => {
    const image = new Image();
    image.src = `data:image/svg+xml,${encodeURIComponent(markup)}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 400;
    canvas.getContext("2d")!.drawImage(image, 0, 0, 400, 400);
    return canvas.toDataURL("image/png");
  }, svg);
  return (await decodeSingleQr(Buffer.from(png.split(",")[1]!, "base64"))).text;
}

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the plain-HTML generator");

  test("a prefilled Wi-Fi link shows a scannable preview, and a typed URL updates it", async ({
    page,
    browser,
  }) => {
    await page.goto("/?type=wifi&ssid=Cafe%20Net&password=supersecret&encryption=WPA&fg=1d4ed8");
    await expect(page.getByText("QR settings loaded!")).toBeVisible();
    const image = page.getByRole("img", { name: "QR code: Wi-Fi network Cafe Net" });
    await expect(image).toBeVisible();

    // Read the server-rendered preview in a JavaScript-enabled page of our own.
    const src = await image.getAttribute("src");
    const reader = await browser.newPage();
    await reader.setContent(`<img src="${src}" width="400" height="400">`);
    const shot = await reader.locator("img").screenshot();
    expect(parseWifi((await decodeSingleQr(shot)).text)).toEqual({
      T: "WPA",
      S: "Cafe Net",
      P: "supersecret",
    });
    await reader.close();

    await page.getByRole("link", { name: "Website" }).click();
    await page.getByLabel("Website address").fill("example.org/menu");
    await page.getByRole("button", { name: "Update preview" }).click();
    await expect(
      page.getByRole("img", { name: "QR code: link to https://example.org/menu" }),
    ).toBeVisible();

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PNG" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("qr-example.org.png");
    const png = await readFile((await download.path())!);
    expect((await decodeSingleQr(png)).text).toBe("https://example.org/menu");
  });

  test("shows the reason next to a field and keeps what was typed", async ({ page }) => {
    await page.goto("/?type=email&email=not-an-address&subject=Hi");
    await expect(
      page.getByText("Enter a valid e-mail address, like name@example.com"),
    ).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("Hi");
    await expect(page.getByText("Fill in the details to see your QR code.")).toBeVisible();
  });

  test("the share link is visible as text", async ({ page }) => {
    await page.goto("/?type=text&text=Hello");
    await expect(page.getByLabel("Share link")).toHaveValue(/\/\?type=text&text=Hello&size=256/);
  });
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the enhanced generator");

  test("typing updates the preview without loading a page", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("img", { name: "QR code: link to https://example.com" }),
    ).toBeVisible();
    let navigations = 0;
    page.on("framenavigated", () => navigations++);
    await page.getByLabel("Website address").fill("https://example.net/live");
    await expect(
      page.getByRole("img", { name: "QR code: link to https://example.net/live" }),
    ).toBeVisible();
    expect(await previewText(page)).toBe("https://example.net/live");

    await page.getByRole("link", { name: "Text" }).click();
    await page.getByLabel("Text").fill("Grüße 👋 東京");
    await expect(page.getByRole("img", { name: /QR code: text: Grüße/ })).toBeVisible();
    expect(await previewText(page)).toBe("Grüße 👋 東京");
    expect(navigations).toBe(0);
  });

  test("when the QR core cannot load and there is no preview yet, says Generation failed", async ({
    page,
  }) => {
    await page.route(/\/assets\/live-preview-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/?type=url&url=");
    await expect(page.getByText("Fill in the details to see your QR code.")).toBeVisible();
    await page.getByLabel("Website address").fill("https://example.com/offline");
    await expect(page.getByRole("status").filter({ hasText: "Generation failed" })).toBeVisible();
  });

  test("colours and size change the image; unreadable colours are refused", async ({ page }) => {
    await page.goto("/?type=text&text=colour");
    const image = page.getByRole("img", { name: /^QR code:/ });
    const before = await image.getAttribute("src");
    await page.getByLabel("Foreground as hex").fill("#1d4ed8");
    await expect(image).not.toHaveAttribute("src", before!);
    expect(decodeURIComponent((await image.getAttribute("src"))!)).toContain('fill="#1d4ed8"');

    await page.getByLabel("Size").selectOption("1024");
    await expect(image).toHaveAttribute("src", /width%3D%221024%22/);
    expect(await previewText(page)).toBe("colour");

    await page.getByLabel("Foreground as hex").fill("#eeeeee");
    await expect(page.getByRole("alert")).toContainText("too close to each other");
    await page.getByLabel("Foreground as hex").fill("#12");
    await expect(page.getByRole("alert")).toContainText("# followed by 3 or 6 hex digits");
  });

  test("copying the share link confirms with a toast", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/?type=phone&phone=%2B1%20555%200100");
    await page.getByRole("button", { name: "Copy share link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/\?type=phone&phone=%2B1\+555\+0100&size=256&fg=000000&bg=ffffff$/,
    );
  });

  test("SVG shows its plan as a lock and PNG download starts with a toast", async ({ page }) => {
    await page.goto("/?type=text&text=svg");
    await expect(page.getByRole("status").filter({ hasText: "QR settings loaded!" })).toBeVisible();
    // Not a link to a refusal: locked, with why (issue #29 item 11; more in save-flow.spec.ts).
    await expect(page.getByRole("link", { name: "Download SVG" })).toHaveCount(0);
    await expect(page.locator(".preview-actions .download-locked")).toContainText(
      "SVG downloads require Premium or Ultimate plan.",
    );
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PNG" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Download started" })).toBeVisible();
    const png = await readFile((await (await downloadPromise).path())!);
    expect((await decodeSingleQr(png)).text).toBe("svg");
  });
});
