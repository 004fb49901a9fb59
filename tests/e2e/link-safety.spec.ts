import { expect, type Page, test } from "@playwright/test";
import { signInAsStaff } from "./staff";

// Link-safety checks in the generator (issue #31), with JavaScript on and off: saving a tracked
// code to an address Google's Safe Browsing lists (here the TEST MODE twin, which knows Google's
// test pages) or one on our blocklist is refused with a message saying why, and nothing is saved.
// Staff block a domain at /staff/blocklist and see the links already leading there.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUpPremium(page: Page, baseURL: string) {
  const response = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Sam",
      lastName: "Safe",
      email: `link-safety-${unique()}@example.com`,
      password: "a long enough password",
      plan: "premium",
    },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(201);
}

async function saveTracked(page: Page, url: string) {
  await page.goto(`/?type=url&url=${encodeURIComponent(url)}`);
  await page.getByRole("checkbox", { name: /Track scans/ }).check();
  await page.getByLabel("Title", { exact: true }).fill(`Flyer ${unique()}`);
  await page.getByRole("button", { name: "Save QR Code" }).click();
}

test("a tracked code to an unsafe address is refused with the reason", async ({
  page,
  baseURL,
}) => {
  test.slow(); // a sign-up (password hash) and two saves
  await signUpPremium(page, baseURL!);

  await saveTracked(page, "https://testsafebrowsing.appspot.com/s/phishing.html");
  await expect(
    page.getByText(/Google Safe Browsing lists this address as phishing \(TEST MODE/).first(),
  ).toBeVisible();
  await expect(page.locator(".preview-saved")).toHaveCount(0);

  await saveTracked(page, "https://www.wicar.org/test/");
  await expect(page.getByText(/This address is on our list of unsafe sites/).first()).toBeVisible();
  await expect(page.locator(".preview-saved")).toHaveCount(0);
});

test("staff block a domain, see the links already leading there, and unblock it", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // two sign-ups and a save
  const domain = `bad-${unique()}-${javaScriptEnabled ? "js" : "nojs"}.example`;
  await signUpPremium(page, baseURL!);
  await page.goto(`/?type=url&url=${encodeURIComponent(`https://login.${domain}/account`)}`);
  await page.getByRole("checkbox", { name: /Track scans/ }).check();
  await page.getByLabel("Title", { exact: true }).fill("Before the block");
  await page.getByRole("button", { name: "Save QR Code" }).click();
  await expect(page.locator(".preview-saved")).toBeVisible();

  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInAsStaff(staffContext.request, new URL(baseURL!).origin);
  const staff = await staffContext.newPage();
  await staff.goto("/staff/blocklist");
  await staff.getByLabel("Domain", { exact: true }).fill(domain.toUpperCase());
  await staff.getByLabel("Reason").fill("Phishing kit, ticket #42");
  await staff.getByRole("button", { name: "Block domain" }).click();
  await expect(staff.getByText(`${domain} blocked`).first()).toBeVisible();
  const links = staff.locator("#links");
  await expect(links).toContainText("1 tracked link leads there.");
  await expect(links).toContainText(`https://login.${domain}/account`);
  const entries = staff.getByRole("table", { name: "Blocked by staff" });
  await expect(entries.getByRole("row", { name: new RegExp(domain) })).toContainText(
    "Phishing kit, ticket #42",
  );

  await saveTracked(page, `https://${domain}/again`);
  await expect(page.getByText(/This address is on our list of unsafe sites/).first()).toBeVisible();

  await staff.getByRole("button", { name: `Unblock ${domain}` }).click();
  await expect(staff.getByText(`${domain} unblocked`).first()).toBeVisible();
  await staffContext.close();
});
