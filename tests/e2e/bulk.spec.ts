import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";
import { signInToDemo } from "./demo";

// Bulk generation (issue #17), with JavaScript on and off: upload a CSV, read the check, go on
// with the valid rows, download the ZIP, and scan what is inside.

const CSV = [
  "type,url,text,title,filename",
  "url,https://example.com/table/1,,Table 1,table-1",
  "url,https://example.com/table/2,,Table 2,table-2",
  "text,,Welcome to the conference!,Welcome,",
  "url,not a web address,,Broken,",
].join("\n");

test("a Premium workspace uploads a CSV, sees every row checked, and downloads a ZIP of codes that scan", async ({
  page,
  baseURL,
}) => {
  await signInToDemo(page, "premium", baseURL!);
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Bulk" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bulk generation");

  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "tables.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(CSV),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("heading", { name: "tables.csv: 3 of 4 rows ready" })).toBeVisible();
  const problems = page.locator(".bulk-problems");
  await expect(problems).toContainText("5");
  await expect(problems).toContainText("Enter a valid web address, like https://example.com");
  await expect(page.getByRole("img", { name: "QR code for row 2" })).toBeVisible();

  await page.getByRole("button", { name: "Generate 3 codes" }).click();
  await expect(page).toHaveURL(/\/bulk\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Your ZIP is ready: 3 codes and manifest.csv")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download ZIP" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("tables-qr-codes.zip");
  const files = unzipSync(await readFile((await download.path())!));
  expect(Object.keys(files).sort()).toEqual(
    ["manifest.csv", "table-1.png", "table-2.png", "Welcome.png"].sort(),
  );
  expect((await decodeSingleQr(files["table-2.png"]!)).text).toBe("https://example.com/table/2");
  expect((await decodeSingleQr(files["Welcome.png"]!)).text).toBe("Welcome to the conference!");
  expect(strFromU8(files["manifest.csv"]!)).toContain(
    '5,invalid,,,,"url: Enter a valid web address, like https://example.com"',
  );

  // The batch is listed on the bulk page.
  await page.goto("/bulk");
  await expect(page.getByRole("heading", { name: "Recent batches" })).toBeVisible();
  await expect(page.getByRole("link", { name: "tables.csv" }).first()).toBeVisible();
});

test("a file that is not a CSV gets a clear message, and the template is one click away", async ({
  page,
  baseURL,
}) => {
  await signInToDemo(page, "premium", baseURL!);
  await page.goto("/bulk");
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("alert")).toContainText("This is not a CSV file.");

  const template = await page.request.get(
    (await page.getByRole("link", { name: "Wi-Fi" }).getAttribute("href"))!,
  );
  expect(template.headers()["content-type"]).toContain("text/csv");
  expect(await template.text()).toContain("type,ssid,password,encryption,hidden,title,filename");
});

test("the Free plan sees what bulk generation does and how to get it", async ({
  page,
  baseURL,
}) => {
  await signInToDemo(page, "free", baseURL!);
  await page.goto("/bulk");
  await expect(page.getByText("Your workspace is on the Free plan.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade your plan" })).toBeVisible();
  await expect(page.getByLabel("CSV file", { exact: true })).toHaveCount(0);
});
