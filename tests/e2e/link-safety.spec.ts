import { expect, type Page, test } from "@playwright/test";

// Link-safety checks in the generator (issue #31), with JavaScript on and off: saving a tracked
// code to an address Google's Safe Browsing lists (here the TEST MODE twin, which knows Google's
// test pages) or one on our blocklist is refused with a message saying why, and nothing is saved.

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
