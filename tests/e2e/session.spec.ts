import { expect, type Page, test } from "@playwright/test";

// The browser's side of the sign-in state (spec section 4): only meaningful with JavaScript.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "session recovery runs in the browser");

const password = "a long enough password";

async function signUpByApi(page: Page, baseURL: string) {
  const email = `session-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await page.request.post("/api/auth/signup", {
    data: { firstName: "Sam", lastName: "Session", email, password },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(201);
  return email;
}

test("a session that ended elsewhere shows Session Expired, and Sign In leads to the form", async ({
  page,
  context,
  baseURL,
}) => {
  await signUpByApi(page, baseURL!);
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("user"))).toContain("Sam");

  await context.clearCookies();
  await page.reload();
  const banner = page.getByRole("alert").filter({ hasText: "Session Expired" });
  await expect(banner).toContainText("Your session has expired. Please sign in again to continue.");
  expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
  await banner.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signin$/);
});

test("when recovery fails the visitor is sent to sign in and brought back afterwards", async ({
  page,
  context,
  baseURL,
}) => {
  const email = await signUpByApi(page, baseURL!);
  await page.goto("/auth-test");
  await context.clearCookies();
  await page.getByRole("button", { name: "Check session" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Refreshing Session" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Recovery Failed" })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page).toHaveURL(/\/auth\?mode=signin$/, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBe("/auth-test");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/auth-test$/);
  expect(await page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBeNull();
});

test("a session signed in again elsewhere during recovery is picked up, and the request retried", async ({
  page,
  context,
  baseURL,
}) => {
  await signUpByApi(page, baseURL!);
  await page.goto("/auth-test");
  const cookies = await context.cookies();
  await context.clearCookies();
  await page.getByRole("button", { name: "Check session" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Refreshing Session" })).toBeVisible();
  // As if another tab had signed in again: the session cookie is back before the next check.
  await context.addCookies(cookies);
  const restored = page
    .getByRole("status")
    .filter({ hasText: "Your session has been successfully refreshed." });
  await expect(restored).toBeVisible();
  await expect(page.getByText("Session is valid.")).toBeVisible();
  // The success banner hides itself after 3 s (and a 300 ms fade).
  await expect(restored).toBeHidden({ timeout: 5000 });
});

test("signing out clears the browser's copy at once", async ({ page, baseURL }) => {
  await signUpByApi(page, baseURL!);
  await page.goto("/dashboard");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("user"))).not.toBeNull();
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
  await expect(page.getByRole("link", { name: "Sign up free" }).first()).toBeAttached();
  await expect(page.getByText("Session Expired")).toHaveCount(0);
});

test("?logged_out=true clears the browser's copy and tidies the address", async ({ page }) => {
  await page.goto("/faq");
  await page.evaluate(() => localStorage.setItem("user", JSON.stringify({ firstName: "Old" })));
  await page.goto("/faq?logged_out=true");
  await expect(page).toHaveURL(/\/faq$/);
  expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
  await expect(page.getByText("Session Expired")).toHaveCount(0);
});
