import { expect, type Page, test } from "@playwright/test";

// Getting back into an account (issue #14), with JavaScript on and off: the links arrive in the
// local outbox, read here at /dev/mail as a person reads their inbox.

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function newestLink(page: Page, to: string, subject: RegExp): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/dev/mail?format=json")).json()) as Mail[];
      link = mails.find((mail) => mail.to === to && subject.test(mail.subject))?.links[0] ?? "";
      return link;
    })
    .not.toBe("");
  const url = new URL(link);
  return url.pathname + url.search;
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/auth?mode=signup");
  await page.getByLabel("First name").fill("Rosalind");
  await page.getByLabel("Last name").fill("Franklin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth?mode=signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a forgotten password is replaced through the e-mailed link", async ({ page, context }) => {
  const email = uniqueEmail("rosalind");
  await signUp(page, email, "the old password");
  await context.clearCookies();

  await page.goto("/auth?mode=signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText("If an account exists for that address, we've sent a link"),
  ).toBeVisible();

  await page.goto(await newestLink(page, email, /Reset your/));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signin$/);
  await expect(page.getByText("Password changed").first()).toBeVisible();

  await signIn(page, email, "the old password");
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await signIn(page, email, "a brand new password");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Welcome back!").first()).toBeVisible();
});

test("a new account confirms its address from the e-mail, and the banner goes", async ({
  page,
}) => {
  const email = uniqueEmail("confirm");
  await signUp(page, email, "a long enough password");
  const banner = page.getByRole("region", { name: "Address not confirmed" });
  await expect(banner).toContainText("Please confirm your e-mail address.");
  await banner.getByRole("button", { name: "Resend e-mail" }).click();
  await expect(
    page.getByText("Please wait a minute before asking for another e-mail.").first(),
  ).toBeVisible();

  await page.goto(await newestLink(page, email, /Confirm your e-mail address/));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Email verified").first()).toBeVisible();
  await expect(banner).toHaveCount(0);
});
