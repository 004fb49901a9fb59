import { expect, type Page, test } from "@playwright/test";

// Teams (issue #15), with JavaScript on and off: a Premium owner invites someone by e-mail, who
// signs up through the link and accepts; as editor they save a code the owner then sees; as
// viewer they cannot delete it; removed, their next page load no longer shows the team.

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signUpHere(page: Page, firstName: string, lastName: string, email: string) {
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
}

/** The link of the newest invitation e-mailed to `email`, from the local outbox. */
async function invitationLink(page: Page, email: string): Promise<string> {
  const response = await page.request.get("/dev/mail?format=json");
  expect(response.ok()).toBe(true);
  const mails = (await response.json()) as { to: string; subject: string; links: string[] }[];
  const mail = mails.find((m) => m.to === email && /invited you/.test(m.subject));
  expect(mail, `an invitation e-mailed to ${email}`).toBeDefined();
  return mail!.links[0]!;
}

const memberItem = (page: Page, name: string) =>
  page.locator(".member-item").filter({ has: page.getByRole("heading", { name }) });

test("a Premium owner invites an editor, who joins, saves a code, is made viewer, and is removed", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // two people sign up, each with a password hash

  // The owner signs up for Premium, which starts a trial: their workspace has 5 seats.
  await page.goto("/auth?mode=signup&plan=premium");
  await signUpHere(page, "Paula", "Owner", uniqueEmail("owner"));
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/tab=team/);
  await expect(page.getByText("1 of 5 seats used")).toBeVisible();
  // Issue #29 item 6: a paying owner can make a team workspace from the top of the tab.
  await expect(page.locator(".team > :first-child")).toContainText("Create a team workspace");
  const inviteeEmail = uniqueEmail("grace");
  await page.getByLabel("E-mail address").fill(inviteeEmail);
  await page.getByLabel(/^Editor/).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent").first()).toBeVisible();
  await expect(page.getByText("2 of 5 seats used")).toBeVisible();
  const shown = await page.getByLabel(`Invitation link for ${inviteeEmail}`).inputValue();
  const link = await invitationLink(page, inviteeEmail);
  expect(shown).toBe(link);
  expect(new URL(link).pathname).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);

  // The invitee, in a browser of their own, signs up through the link and accepts.
  const theirs = await browser.newContext({ baseURL, javaScriptEnabled });
  const invitee = await theirs.newPage();
  await invitee.goto(new URL(link).pathname);
  await expect(
    invitee.getByRole("heading", { name: "Join Paula Owner's workspace" }),
  ).toBeVisible();
  await expect(invitee.getByText(`Paula Owner invited ${inviteeEmail}`)).toBeVisible();
  await invitee.getByRole("link", { name: "Create an account to accept" }).click();
  // The form opens with the invited address (issue #29 item 6).
  await expect(invitee.getByLabel("Email")).toHaveValue(inviteeEmail);
  await signUpHere(invitee, "Grace", "Editor", inviteeEmail);
  await expect(invitee).toHaveURL(new URL(link).pathname, { timeout: 15_000 });
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByText("Welcome to Paula Owner's workspace").first()).toBeVisible();
  await expect(invitee.getByText("you are editor")).toBeVisible();
  // They see the team's plan and who pays for it, not their own Free plan (issue #29 item 6).
  await invitee.goto("/dashboard?tab=plans");
  const billing = invitee.getByRole("region", { name: "Plan & Billing" });
  await expect(billing).toContainText(/Workspace plan\s*Premium/);
  await expect(billing).toContainText(/Paid for by\s*Paula Owner \(owner\)/);
  await expect(invitee.getByRole("link", { name: "Upgrade Now" })).toHaveCount(0);
  await expect(invitee.getByText("Current plan")).toHaveCount(0);

  // As editor, they save a code into the team.
  await invitee.goto("/?type=text&text=Team%20meeting%20at%209");
  await invitee.getByLabel("Title").fill("Team poster");
  await invitee.getByRole("button", { name: "Save QR Code" }).click();
  await expect(invitee.getByText("QR code saved")).toBeVisible();

  // The owner sees it in their workspace, which is the team.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Team poster" })).toBeVisible();

  // The owner makes them a viewer: the code is still there for them, without Delete.
  await page.goto("/dashboard?tab=team");
  const member = memberItem(page, "Grace Editor");
  await member.getByText("Change role").click();
  await member.getByLabel("Role for Grace Editor").selectOption("viewer");
  await member.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText("Grace Editor is viewer now.").first()).toBeVisible();

  await invitee.goto("/dashboard");
  await expect(invitee.getByText("you are viewer")).toBeVisible();
  const code = invitee.getByRole("listitem").filter({ hasText: "Team poster" });
  await expect(code).toBeVisible();
  await expect(code.getByRole("link", { name: "Download PNG" })).toBeVisible();
  await expect(code.getByRole("link", { name: "Delete" })).toHaveCount(0);

  // Removed, their next page load no longer shows the team.
  await page.goto("/dashboard?tab=team");
  await memberItem(page, "Grace Editor").getByText("Remove", { exact: true }).click();
  await page.getByRole("button", { name: "Remove Grace Editor" }).click();
  await expect(page.getByText("Member removed").first()).toBeVisible();
  await expect(memberItem(page, "Grace Editor")).toHaveCount(0);

  await invitee.goto("/dashboard");
  await expect(invitee.getByRole("heading", { name: /Welcome back, Grace/ })).toBeVisible();
  await expect(invitee.getByText("Team poster")).toHaveCount(0);
  await expect(invitee.locator('form[action="/workspace/switch"]')).toHaveCount(0);
  await expect(invitee.getByText(/you are (editor|viewer)/)).toHaveCount(0);
  await theirs.close();
});
