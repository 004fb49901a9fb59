import { expect, type Page, test } from "@playwright/test";

// Issue #29 item 3 (ARCHITECTURE.md decision 21): after a post, its result is on screen. With
// JavaScript it is scrolled to and focused; without, the answer's address ends in #result and
// the browser opens it there. At a desktop width and a phone's.

const PASSWORD = "correct horse battery";

async function signUp(page: Page, baseURL: string, label: string) {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await page.request.post("/api/auth/signup", {
    data: { firstName: "Rosa", lastName: "Result", email, password: PASSWORD, plan: "ultimate" },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(201);
  return email;
}

async function expectResultInView(page: Page, javaScriptEnabled: boolean) {
  const result = page.locator("#result");
  await expect(result).toHaveCount(1);
  await expect(result).toBeInViewport();
  if (javaScriptEnabled) await expect(result).toBeFocused();
  else expect(new URL(page.url()).hash).toBe("#result");
  return result;
}

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("a new API key and a refused key form land in view", async ({
      page,
      baseURL,
      javaScriptEnabled,
    }) => {
      await signUp(page, baseURL!, "keys");
      await page.goto("/dashboard?tab=api");
      await page.getByLabel("Name").fill("Print pipeline");
      await page.getByRole("button", { name: "Create key" }).click();
      const created = await expectResultInView(page, javaScriptEnabled);
      await expect(created).toContainText("Copy your new key now");

      for (const scope of ["codes:read", "codes:write"]) {
        await page.getByRole("checkbox", { name: new RegExp(scope) }).uncheck();
      }
      await page.getByLabel("Name").fill("Nothing allowed");
      await page.getByRole("button", { name: "Create key" }).click();
      const refused = await expectResultInView(page, javaScriptEnabled);
      await expect(refused).toHaveClass(/notice-error/);
    });

    test("a webhook's signing secret lands in view", async ({
      page,
      baseURL,
      javaScriptEnabled,
    }) => {
      await signUp(page, baseURL!, "hooks");
      await page.goto("/dashboard?tab=integrations");
      const port = new URL(baseURL!).port;
      await page.getByLabel("Address", { exact: true }).fill(`http://127.0.0.1:${port}/hook`);
      await page.getByRole("button", { name: "Add endpoint" }).click();
      const secret = await expectResultInView(page, javaScriptEnabled);
      await expect(secret).toContainText("signing secret");
    });

    test("a bulk check's result lands in view", async ({ page, baseURL, javaScriptEnabled }) => {
      await signUp(page, baseURL!, "bulk");
      await page.goto("/bulk");
      await page.getByLabel("CSV file", { exact: true }).setInputFiles({
        name: "tables.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("type,url\nurl,https://example.com/1\nurl,not a web address\n"),
      });
      await page.getByRole("button", { name: "Check the file" }).click();
      const checked = await expectResultInView(page, javaScriptEnabled);
      await expect(checked).toContainText("tables.csv: 1 of 2 rows ready");
    });

    test("a refused form at the bottom of the account page lands in view", async ({
      page,
      baseURL,
      javaScriptEnabled,
    }) => {
      const email = await signUp(page, baseURL!, "leaver");
      await page.goto("/account");
      const danger = page.getByRole("region", { name: "Delete account" });
      await danger.getByLabel(`Type ${email} to confirm`).fill(email);
      await danger.getByLabel("Your password").fill("not my password");
      await danger.getByRole("button", { name: "Delete my account" }).click();
      const refused = await expectResultInView(page, javaScriptEnabled);
      await expect(refused).toContainText("Your current password is not correct");
    });
  });
}
