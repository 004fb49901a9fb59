import { expect, type Page, test } from "@playwright/test";

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const card = (page: Page, plan: string) =>
  page
    .locator(".plan-card")
    .filter({ has: page.getByRole("heading", { name: plan, exact: true }) });

test("a visitor who picks Premium lands on the sign-up form with the trial banner", async ({
  page,
}) => {
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plans for every QR code");
  await expect(card(page, "Premium")).toContainText("7-day free trial");
  await card(page, "Premium").getByRole("button", { name: "Choose Premium" }).click();
  await expect(page).toHaveURL("/auth?plan=premium&mode=signup");
  await expect(page.getByText("Start your 7-day Premium trial.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
});

test("the quiz goes question by question, Back undoes an answer, and it ends in a plan", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/pricing");
  const quiz = page.locator("#quiz");
  await quiz.getByRole("button", { name: "Start the quiz" }).click();
  await expect(quiz).toContainText("Question 1 of 5");

  await quiz.getByLabel("Just a few — up to 3").check();
  await quiz.getByRole("button", { name: "Next" }).click();
  await expect(quiz).toContainText("Question 2 of 5");
  // Without a page load, focus moves to the new question so keyboards carry on from there.
  if (javaScriptEnabled) await expect(quiz.locator("legend")).toBeFocused();
  await quiz.getByLabel("With our logo in the middle").check();
  await quiz.getByRole("button", { name: "Next" }).click();
  await expect(quiz).toContainText("Question 3 of 5");

  // Back: question 2 again, and a different answer this time.
  await quiz.getByRole("link", { name: "Back" }).click();
  await expect(quiz).toContainText("Question 2 of 5");
  await expect(page).toHaveURL(/[?&]a=0(&|#|$)/);
  await quiz.getByLabel("Fully our brand, with no mention of yours").check();
  await quiz.getByRole("button", { name: "Next" }).click();
  await expect(quiz).toContainText("Question 3 of 5");

  // By keyboard: arrow keys choose within the group, Tab reaches Next, Enter submits.
  const third = quiz.getByRole("radio", { name: "No, they just need to scan" });
  await third.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(
    quiz.getByRole("radio", { name: "Yes, and the full history, kept for good" }),
  ).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(quiz.getByRole("button", { name: "Next" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(quiz).toContainText("Question 4 of 5");

  await quiz.getByLabel("A larger team, up to 25 people").check();
  await quiz.getByRole("button", { name: "Next" }).click();
  await expect(quiz).toContainText("Question 5 of 5");
  await quiz.getByLabel("From our own software, through an API").check();
  await quiz.getByRole("button", { name: "See my plan" }).click();

  await expect(quiz.getByRole("heading", { name: "We recommend Ultimate" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]a=0(%2C|,)2(%2C|,)2(%2C|,)2(%2C|,)2/);
  await expect(quiz.getByRole("button", { name: "Choose Ultimate" })).toBeVisible();
  await quiz.getByRole("link", { name: "Start over" }).click();
  await expect(quiz).toContainText("Question 1 of 5");
});

test("the usage slider suggests a plan with estimates", async ({ page, javaScriptEnabled }) => {
  await page.goto("/pricing");
  const usage = page.locator("#usage");
  const slider = usage.getByRole("slider", { name: "How many QR codes do you create a month?" });
  await expect(slider).toHaveValue("50");
  await expect(usage).toContainText("Suggested plan: Premium");

  // The keyboard moves a native slider: End is the maximum.
  await slider.focus();
  await page.keyboard.press("End");
  await expect(slider).toHaveValue("100");
  if (javaScriptEnabled) {
    // The estimate follows the slider without asking the server.
    await expect(usage.getByRole("button", { name: "Show my estimate" })).toHaveCount(0);
  } else {
    await usage.getByRole("button", { name: "Show my estimate" }).click();
    await expect(page).toHaveURL(/[?&]usage=100/);
  }
  await expect(usage).toContainText("Suggested plan: Ultimate");
  await expect(usage).toContainText("Time saved a month (estimate)6 h 40 min");

  await slider.fill("15");
  if (!javaScriptEnabled) await usage.getByRole("button", { name: "Show my estimate" }).click();
  await expect(usage).toContainText("Suggested plan: Free");
  await expect(usage).toContainText("Cost per code on Free (estimate)$0");
});

test("a signed-up free user picks Premium and the trial starts", async ({ page }) => {
  await page.goto("/auth?mode=signup");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email").fill(uniqueEmail("trial"));
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  // The first sign-up of a fresh server also warms it up.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });

  await page.goto("/pricing");
  await expect(card(page, "Free")).toContainText("Current plan");
  await card(page, "Premium").getByRole("button", { name: "Choose Premium" }).click();
  // Nothing starts before a page has said what the trial is (issue #29 item 5).
  await expect(page).toHaveURL(/\/trial\?plan=premium$/);
  await expect(
    page.getByRole("heading", { name: "Start your 7-day Premium trial?" }),
  ).toBeVisible();
  await expect(page.getByText("No card is asked for, and nothing is charged.")).toBeVisible();
  await expect(page.getByText("You are back on the Free plan by yourself.")).toBeVisible();
  await page.getByRole("button", { name: "Start my free Premium trial" }).click();
  await expect(page.getByText("Trial Started!")).toBeVisible();
  await expect(page.getByText("Your 7-day Premium trial has begun.")).toBeVisible();
  await expect(card(page, "Premium")).toContainText("Current plan");
  await expect(card(page, "Premium")).toContainText("Your free trial is on: 7 days left");
  await expect(page.getByText("Your free trial has been used")).toHaveCount(0);
  await expect(card(page, "Free")).not.toContainText("Current plan");
});

test("on a phone the page fits the screen and the table scrolls in its own box", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/pricing");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const table = page.getByRole("region", { name: "Compare plans" });
  await expect(table).toBeVisible();
  expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
});
