import { expect, type Page, test } from "@playwright/test";

// Issue #31: /account lists every browser signed in to the account; one of them ends another,
// which is signed out from its next page on. With JavaScript and without.

const PASSWORD = "a long enough password";

async function signUp(page: Page, email: string) {
  await page.goto("/auth?mode=signup");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Sessions");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
}

async function signIn(page: Page, email: string) {
  await page.goto("/auth?mode=signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
}

const sessionsOf = (page: Page) => page.getByRole("region", { name: "Sessions" });

test("one browser ends the other's session, which is then signed out", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const email = `sessions-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email);
  const otherContext = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
  });
  const other = await otherContext.newPage();
  await signIn(other, email);

  await page.goto("/account#sessions");
  const list = sessionsOf(page);
  await expect(list.getByText("This device")).toBeVisible();
  await expect(list.getByText("Firefox on Windows")).toBeVisible();
  await list.getByRole("button", { name: "End the session of Firefox on Windows" }).click();
  await expect(page.getByText("Firefox on Windows is signed out.")).toBeVisible();
  await expect(sessionsOf(page).getByText("No other browser is signed in.")).toBeVisible();

  await other.goto("/dashboard");
  await expect(
    other.getByRole("heading", { name: "Sign in to view your dashboard" }),
  ).toBeVisible();
  // This browser is still signed in.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Sam" })).toBeVisible();
  await otherContext.close();
});

test("sign out everywhere else keeps only this browser", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const email = `others-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email);
  const otherContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const other = await otherContext.newPage();
  await signIn(other, email);

  await page.goto("/account#sessions");
  await sessionsOf(page).getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Every other browser and device is signed out")).toBeVisible();
  await expect(sessionsOf(page).getByText("No other browser is signed in.")).toBeVisible();

  await other.goto("/dashboard");
  await expect(
    other.getByRole("heading", { name: "Sign in to view your dashboard" }),
  ).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Sam" })).toBeVisible();
  await otherContext.close();
});
