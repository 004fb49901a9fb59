import { expect, test } from "@playwright/test";
import { signInToDemo } from "./demo";

// The public API (issue #16), with JavaScript on and off: an Ultimate owner makes a key on the
// API tab, sees it once, uses it, and revokes it; the reference docs are one footer link away.

test("an Ultimate owner makes a key, sees it once, calls the API with it, and revokes it", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  await signInToDemo(page, "ultimate", baseURL!);
  await page.goto("/dashboard?tab=api");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();

  const name = `Print pipeline ${javaScriptEnabled ? "js" : "html"} ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByRole("checkbox", { name: /analytics:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("heading", { name: "Copy your new key now" })).toBeVisible();
  const key = await page.getByLabel("New API key").inputValue();
  expect(key).toMatch(/^qrc_[0-9A-Za-z]{40}$/);
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: "Copy key" })).toBeVisible();
  }

  const usage = await page.request.get("/api/v1/usage", {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(usage.status()).toBe(200);
  expect(await usage.json()).toMatchObject({ plan: { id: "ultimate" } });

  // Shown once: the next visit lists it by its last four characters only.
  await page.goto("/dashboard?tab=api");
  await expect(page.getByText(key)).toHaveCount(0);
  const item = page.locator(".member").filter({ has: page.getByRole("heading", { name }) });
  await expect(item).toContainText(`qrc_…${key.slice(-4)}`);
  await expect(item).toContainText("codes:read, codes:write, analytics:read");

  await item.getByText("Revoke", { exact: true }).click();
  await item.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByText("Key revoked")).toBeVisible();
  await expect(item).toContainText("Revoked");
  const refused = await page.request.get("/api/v1/usage", {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe("key_revoked");
});

test("the form says what is missing, and the reference is linked from the footer", async ({
  page,
  baseURL,
}) => {
  await signInToDemo(page, "ultimate", baseURL!);
  await page.goto("/dashboard?tab=api");
  for (const scope of ["codes:read", "codes:write"]) {
    await page.getByRole("checkbox", { name: new RegExp(scope) }).uncheck();
  }
  await page.getByLabel("Name").fill("Nothing allowed");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose at least one scope.");
  await expect(page.getByLabel("Name")).toHaveValue("Nothing allowed");

  await page.getByRole("contentinfo").getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL("/docs/api");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  await expect(page.getByRole("heading", { name: "POST /api/v1/qr-codes" })).toBeVisible();
  await expect(page.locator("#createCode")).toContainText("curl -X POST");
});

test("a Premium workspace sees what the API is and how to get it", async ({ page, baseURL }) => {
  await signInToDemo(page, "premium", baseURL!);
  await page.goto("/dashboard?tab=api");
  await expect(page.getByText("The API is part of the Ultimate plan")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to Ultimate" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
});
