import { expect, type Page, test } from "@playwright/test";
import { signInToDemo } from "./demo";
import { outbox, signInAsStaff } from "./staff";

// Priority support (issue #19), with JavaScript on and off: a Premium person writes to support
// from the user menu and sees when the answer is due (in their own time zone once JavaScript
// runs, in UTC, named, without it); a staff member answers from the inbox; the answer shows on
// the person's page and arrives by e-mail.

test.use({ timezoneId: "Asia/Kolkata" });

async function openSupportFromMenu(page: Page) {
  await page.goto("/");
  await page.locator(".user-menu summary").click();
  await page.getByRole("link", { name: "Support", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
}

test("a Premium person opens a ticket, sees when the answer is due, and staff answer it", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // the staff member signs up, with a password hash
  const subject = `Scans not counting ${Date.now()}-${javaScriptEnabled ? "js" : "nojs"}`;
  await signInToDemo(page, "premium", baseURL!);
  await openSupportFromMenu(page);
  await expect(page.getByText("we answer new requests within 24 hours")).toBeVisible();

  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("What is it about?").selectOption({ label: "Codes and scanning" });
  await page.getByLabel("Message").fill("The menu code shows no scans since Monday.\n<b>Help</b>");
  await page.getByRole("button", { name: "Send request" }).click();

  await expect(page).toHaveURL(/\/support\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  await expect(page.getByText("Request sent").first()).toBeVisible();
  // Typed markup stays text.
  await expect(page.getByText("<b>Help</b>")).toBeVisible();
  const due = page.getByText(/^Response due by/);
  await expect(due).toBeVisible();
  await expect(due).toHaveText(
    javaScriptEnabled
      ? /^Response due by \d{1,2} \w{3} \d{4}, \d\d:\d\d GMT\+5:30$/
      : /^Response due by \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/,
  );
  const ticketPath = new URL(page.url()).pathname;

  // The ticket is listed with its status and promise.
  await page.getByRole("link", { name: "← Your requests" }).click();
  const listed = page.locator(".support-tickets li").filter({ hasText: subject });
  await expect(listed).toContainText("Open");
  await expect(listed).toContainText("Response due by");

  // Staff, in a browser of their own, answer from the inbox.
  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInAsStaff(staffContext.request, new URL(baseURL!).origin);
  const staff = await staffContext.newPage();
  await staff.goto("/staff/support");
  await expect(staff.getByRole("heading", { level: 1, name: "Support inbox" })).toBeVisible();
  await staff.getByRole("link", { name: subject }).click();
  await expect(staff.getByText("Premium plan")).toBeVisible();
  await staff.getByLabel("Your answer").fill("We restarted the counter; scans show again.");
  await staff.getByRole("button", { name: "Send reply" }).click();
  await expect(staff.getByText("Reply sent").first()).toBeVisible();
  await expect(staff.getByText("We restarted the counter; scans show again.")).toBeVisible();
  await staffContext.close();

  // The person sees the answer on the ticket page and in their inbox.
  await page.goto(ticketPath);
  await expect(page.getByText("We restarted the counter; scans show again.")).toBeVisible();
  await expect(page.locator(".support-facts")).toContainText("Answered");
  await expect(page.getByText(/^Response due by/)).toHaveCount(0);
  const mail = (await outbox(page.request)).find((m) => m.subject === `Re: ${subject}`);
  expect(mail?.text).toContain("We restarted the counter; scans show again.");
  expect(new URL(mail!.links[0]!).pathname).toBe(ticketPath);

  // They close it.
  await page.getByRole("button", { name: "Close this request" }).click();
  await expect(page.getByText("Request closed").first()).toBeVisible();
  await expect(page.getByText("This request is closed. Writing here reopens it.")).toBeVisible();
});

test("the staff inbox is a 404 for an ordinary account", async ({ page, baseURL }) => {
  await signInToDemo(page, "ultimate", baseURL!);
  const response = await page.goto("/staff/support");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Support inbox");
});
