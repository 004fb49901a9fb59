import { type APIRequestContext, expect, test } from "@playwright/test";

// /staff/health (issue #31) on a phone, with JavaScript on and off: a staff member opens it from
// the console, where it is the first section, and reads every block without sideways scrolling.

const STAFF = "support-staff@qrcodecreator.app"; // wrangler.toml [vars] STAFF_EMAILS
const PASSWORD = "a long enough password";

test.use({ viewport: { width: 390, height: 844 } });

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

async function outbox(request: APIRequestContext): Promise<Mail[]> {
  const response = await request.get("/dev/mail?format=json");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Mail[];
}

/** The staff address, signed up (or in, when another spec or project came first) and confirmed. */
async function signInAsStaff(request: APIRequestContext, origin: string) {
  const headers = { Origin: origin };
  const account = { email: STAFF, password: PASSWORD };
  const signUp = await request.post("/api/auth/signup", {
    data: { ...account, firstName: "Sam", lastName: "Staff" },
    headers,
  });
  if (signUp.status() !== 201) {
    const signIn = await request.post("/api/auth/signin", { data: account, headers });
    expect(signIn.ok()).toBe(true);
  }
  await expect
    .poll(async () => (await outbox(request)).some((mail) => mail.to === STAFF))
    .toBe(true);
  const mail = (await outbox(request)).find(
    (m) => m.to === STAFF && /Confirm your e-mail address/.test(m.subject),
  )!;
  const link = new URL(mail.links[0]!);
  await request.get(link.pathname + link.search);
}

test("a staff member opens the health page first, on a phone", async ({ page, baseURL }) => {
  test.slow(); // the staff member signs up, with a password hash
  await signInAsStaff(page.request, new URL(baseURL!).origin);
  await page.goto("/staff");
  const first = page.locator(".staff-sections li").first();
  await expect(first).toContainText("Health");
  await first.getByRole("link", { name: "Health" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Health" })).toBeVisible();
  for (const title of [
    "Queues",
    "Cron triggers",
    "Bulk jobs stuck for over an hour",
    "Webhook endpoints disabled",
    "Failed mail",
    "5xx rate",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /Requests per hour/ })).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(innerWidth);
});
