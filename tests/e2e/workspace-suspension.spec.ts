import { expect, test } from "@playwright/test";
import { outbox, signInAsStaff } from "./staff";

// Staff lookup and workspace suspension (issue #31), with JavaScript on and off: staff look a
// person up by address, suspend their workspace with a reason, the person sees why on their
// dashboard with the way to support, and staff lift it again.

test("staff look a person up, suspend their workspace, the member sees why, staff lift it", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // two accounts sign up, with password hashes
  const origin = new URL(baseURL!).origin;
  const email = `suspended-${Date.now()}-${javaScriptEnabled ? "js" : "nojs"}@example.com`;
  const signUp = await page.request.post("/api/auth/signup", {
    data: { email, password: "a long enough password", firstName: "Mia", lastName: "Member" },
    headers: { Origin: origin },
  });
  expect(signUp.status()).toBe(201);

  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInAsStaff(staffContext.request, origin);
  const staff = await staffContext.newPage();
  await staff.goto("/staff");
  await staff.getByRole("link", { name: "Lookup" }).first().click();
  await expect(staff.getByRole("heading", { level: 1, name: "Lookup" })).toBeVisible();
  await staff.getByLabel("E-mail, domain, short link or workspace id").fill(email);
  await staff.getByRole("button", { name: "Look up" }).click();
  await expect(staff).toHaveURL(/\/staff\/lookup\?q=/);
  const person = staff.locator(".staff-card").filter({ hasText: email }).first();
  await expect(person).toContainText("Signs in with");
  await person.getByRole("link", { name: "Mia Member's workspace" }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Mia Member's workspace");

  // A reason is required.
  await staff.getByRole("button", { name: "Suspend workspace" }).click();
  await expect(staff.getByText("Give the reason")).toBeVisible();
  await staff.getByLabel(/^Reason/).fill("Links to a fake bank login page");
  await staff.getByRole("button", { name: "Suspend workspace" }).click();
  await expect(staff.getByText("Workspace suspended").first()).toBeVisible();
  await expect(staff.getByText(/Suspended since .*Links to a fake bank login page/)).toBeVisible();
  await expect(staff.getByRole("cell", { name: "workspace.suspended" })).toBeVisible();

  // The member sees why on every page of the workspace, with the way to support.
  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "Workspace suspended" });
  await expect(banner).toContainText(
    "This workspace is suspended: Links to a fake bank login page — contact support",
  );
  await banner.getByRole("link", { name: "Contact support" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
  const mail = (await outbox(page.request)).find(
    (m) => m.to === email && /was suspended/.test(m.subject),
  );
  expect(mail?.text).toContain("Links to a fake bank login page");

  // Staff lift it; the banner is gone.
  await staff.getByRole("button", { name: "Lift the suspension" }).click();
  await expect(staff.getByText("Suspension lifted").first()).toBeVisible();
  await expect(staff.getByRole("cell", { name: "workspace.suspension_lifted" })).toBeVisible();
  await staffContext.close();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Workspace suspended" })).toHaveCount(0);
});

test("the lookup is a 404 for an ordinary account", async ({ page, baseURL }) => {
  const response = await page.request.post("/api/auth/signup", {
    data: {
      email: `lookup-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: "a long enough password",
      firstName: "Olga",
      lastName: "Ordinary",
    },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(response.status()).toBe(201);
  expect((await page.goto("/staff/lookup?q=support-staff"))?.status()).toBe(404);
});
