import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";
import { signInToDemo } from "./demo";

// Brand styles (issue #28), with JavaScript on and off: save a design under a name on the
// dashboard, then use it for a whole bulk batch and on a download link, and scan the results.

test("a Premium workspace saves a brand style, makes a bulk batch in it and downloads it by styleId", async ({
  page,
  baseURL,
}, testInfo) => {
  await signInToDemo(page, "premium", baseURL!);
  // The demo account is shared by both projects and by reruns: a name of this run.
  const name = `Menu ${testInfo.project.name} ${Date.now()}`;

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Brand styles" }).click();
  await expect(page.getByRole("heading", { name: "Brand styles", level: 2 })).toBeVisible();
  const form = page.getByRole("region", { name: "New brand style" });
  await form.getByLabel("Style name").fill(name);
  await form.getByLabel("Dots", { exact: true }).selectOption("rounded");
  await form.getByLabel("Corner rings", { exact: true }).selectOption("extra-rounded");
  await form.getByLabel("Corner centres", { exact: true }).selectOption("dot");
  await form.getByLabel("Dots colour").fill("#1e3a8a");
  await form.getByLabel("Frame", { exact: true }).selectOption("box");
  await form.getByLabel("Frame text", { exact: true }).fill("Order here");
  await form.getByRole("button", { name: "Save style" }).click();

  const item = page.locator("li.brand-style", { hasText: name });
  await expect(item).toBeVisible();
  const styleId = (await item.locator("code").first().textContent())!;
  expect(styleId).toMatch(/^bs_[0-9a-f]{32}$/);

  // One style for the whole batch; the second row's own frame column overrides it.
  await page.goto("/bulk");
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "styled.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "url,filename,frame\nhttps://example.com/t/1,t1,\nhttps://example.com/t/2,t2,none\n",
    ),
  });
  await page.getByLabel("Brand style").selectOption({ label: name });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("heading", { name: "styled.csv: 2 of 2 rows ready" })).toBeVisible();
  await page.getByRole("button", { name: "Generate 2 codes" }).click();
  await expect(page.getByText("Your ZIP is ready: 2 codes and manifest.csv")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download ZIP" }).click();
  const files = unzipSync(await readFile((await (await downloading).path())!));
  expect((await decodeSingleQr(files["t1.png"]!)).text).toBe("https://example.com/t/1");
  expect((await decodeSingleQr(files["t2.png"]!)).text).toBe("https://example.com/t/2");

  // The same style by styleId on a download link: it scans, and it is the batch's first image.
  const link = await page.request.get(
    `/download.png?type=url&url=${encodeURIComponent("https://example.com/t/1")}&size=512&styleId=${styleId}`,
  );
  expect(link.status()).toBe(200);
  const png = await link.body();
  expect((await decodeSingleQr(png)).text).toBe("https://example.com/t/1");
  const plain = await page.request.get(
    `/download.png?type=url&url=${encodeURIComponent("https://example.com/t/1")}&size=512`,
  );
  expect(Buffer.compare(png, await plain.body())).not.toBe(0);

  // Tidy up, so the shared demo workspace never reaches its limit.
  await page.goto("/dashboard?tab=styles");
  await page
    .locator("li.brand-style", { hasText: name })
    .getByRole("button", { name: `Delete “${name}”` })
    .click();
  await expect(page.locator("li.brand-style", { hasText: name })).toHaveCount(0);
});
