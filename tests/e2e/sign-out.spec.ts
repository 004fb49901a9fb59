import { expect, type Page, test } from "@playwright/test";

// Issue #27 item 11: GET /api/logout asks before signing out; its one button posts. It works
// without JavaScript, and it is where the header's sign-out falls back to when its request fails.

async function signUp(page: Page) {
  const email = `leave-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/auth?mode=signup");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  return email;
}

async function expectSignedOut(page: Page) {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Sign in to view your dashboard" })).toBeVisible();
}

test("/api/logout asks, and its button signs out", async ({ page }) => {
  const email = await signUp(page);
  await page.goto("/api/logout");
  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);
  // Only looking at the page changed nothing.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Grace" })).toBeVisible();

  await page.goto("/api/logout");
  await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expectSignedOut(page);
});

test("the header's sign-out falls back to the page when its request fails", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the fallback is the script's");
  await signUp(page);
  await page.route("**/api/auth/logout", (route) => route.abort(), { times: 1 });
  await page.getByText("Grace", { exact: true }).first().click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/api\/logout$/);
  await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expectSignedOut(page);
});
