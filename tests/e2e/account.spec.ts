import { expect, type Page, test } from "@playwright/test";

// Account settings as a person uses them, with JavaScript and without (the two projects).

const PASSWORD = "a long enough password";

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A new account, signed in in this page's browser; with `plan`, its trial. */
async function signUp(page: Page, baseURL: string, email: string, plan?: "premium") {
  const response = await page.request.post("/api/auth/signup", {
    data: { firstName: "Grace", lastName: "Hopper", email, password: PASSWORD, plan },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(201);
}

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The link in the newest e-mail to `to` about `subject`, from the local outbox. */
async function linkInMail(page: Page, to: string, subject: RegExp): Promise<string> {
  const response = await page.request.get("/dev/mail?format=json");
  const mail = ((await response.json()) as Mail[]).find(
    (message) => message.to === to && subject.test(message.subject),
  );
  expect(mail, `an e-mail to ${to}`).toBeDefined();
  return mail!.links[0]!;
}

test("change the e-mail address through the link sent to the new one", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("grace");
  const newEmail = uniqueEmail("admiral");
  await signUp(page, baseURL!, email);

  await page.goto("/");
  await page.getByText("Grace", { exact: true }).first().click();
  await page.getByRole("link", { name: "Account settings" }).click();
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();

  const section = page.getByRole("region", { name: "E-mail address" });
  await expect(section).toContainText(`${email} Not verified`);
  await section.getByLabel("New e-mail address").fill(newEmail);
  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(section).toContainText(
    `We sent a link to ${newEmail}. Your address changes when you open it.`,
  );

  await page.goto(await linkInMail(page, newEmail, /Confirm your new e-mail address/));
  await page.getByRole("button", { name: `Use ${newEmail}` }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("Email address changed").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "E-mail address" })).toContainText(
    `${newEmail} Verified`,
  );
});

test("delete the account: signed out, its sign-in gone, its tracked code says it was deleted", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("leaver");
  // A paid plan's trial allows scan tracking.
  await signUp(page, baseURL!, email, "premium");
  const saved = await page.request.post("/api/qr-codes/generate", {
    multipart: {
      type: "url",
      data: JSON.stringify({ url: "https://example.com/menu" }),
      customization: JSON.stringify({ size: 256 }),
      title: "Menu",
      save: "true",
      trackScans: "true",
    },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/dashboard");
  const trackedUrl = await page.locator("code", { hasText: "/s/" }).first().textContent();
  const slugPath = new URL(trackedUrl!).pathname;

  await page.goto("/account");
  const danger = page.getByRole("region", { name: "Delete account" });
  await danger.getByLabel(`Type ${email} to confirm`).fill("not-my-address@example.com");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger).toContainText(`Type your account's e-mail address, ${email}, to confirm.`);
  await danger.getByLabel(`Type ${email} to confirm`).fill(email);
  await danger.getByLabel("Your password").fill("not my password");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger).toContainText("Your current password is not correct");
  await danger.getByLabel(`Type ${email} to confirm`).fill(email);
  await danger.getByLabel("Your password").fill(PASSWORD);
  await danger.getByRole("button", { name: "Delete my account" }).click();

  // Without JavaScript the form posted to /account#result, and a redirect keeps the fragment.
  await expect(page).toHaveURL(/\/(\?logged_out=true)?(#result)?$/);
  await expect(page.getByText("Your account and its data are gone.").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up free" }).first()).toBeAttached();
  await expect(page.getByText("Session Expired")).toHaveCount(0);

  await page.goto("/auth?mode=signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();

  const scan = await page.goto(slugPath);
  expect(scan?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This QR code was deleted" })).toBeVisible();
});

test.describe("the time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("is chosen once on /account and kept, whatever the device says", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    await signUp(page, baseURL!, uniqueEmail("zone"));
    await page.goto("/account#time-zone");
    const select = page.getByRole("combobox", { name: "Time zone" });
    if (javaScriptEnabled) {
      // The device's zone is offered in one click.
      await page.getByRole("button", { name: "Use this device’s zone (Asia/Tokyo)" }).click();
      await expect(select).toHaveValue("Asia/Tokyo");
    } else {
      await select.selectOption("Asia/Tokyo");
    }
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("Dates and analytics are now shown in Asia/Tokyo.")).toBeVisible();
    await expect(
      page.getByText("Dates, times and analytics are shown in Asia/Tokyo."),
    ).toBeVisible();
    await expect(select).toHaveValue("Asia/Tokyo");
    // The analytics view starts in it.
    await page.goto("/dashboard/analytics");
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Asia/Tokyo");
  });
});
