import { type Cookie, expect, type Page, test as base } from "@playwright/test";
import { report, seriousViolations } from "./axe";
import { signInToDemo } from "./demo";

// Every screen of the spec (section 2), as a visitor or signed in, checked by axe against WCAG
// 2.0/2.1 A and AA on a desktop and a phone, with JavaScript on and off (the two projects).
// Signed in means the demo accounts: Premium for the dashboard, Free for checkout (a Premium
// account has nothing to pay for there).
type Account = "free" | "premium" | "ultimate";
const SCREENS: { path: string; as?: Account }[] = [
  { path: "/" },
  { path: "/", as: "free" },
  { path: "/pricing" },
  { path: "/dashboard" },
  { path: "/dashboard", as: "premium" },
  { path: "/dashboard?tab=plans", as: "premium" },
  { path: "/account", as: "free" },
  { path: "/dashboard?tab=team", as: "premium" },
  { path: "/dashboard?tab=api", as: "ultimate" },
  { path: "/dashboard?tab=domains", as: "premium" },
  { path: "/dashboard?tab=brand", as: "ultimate" },
  { path: "/dashboard?tab=styles", as: "premium" },
  { path: "/dashboard?tab=integrations", as: "ultimate" },
  { path: "/docs/api" },
  { path: "/bulk", as: "premium" },
  { path: "/support", as: "premium" },
  { path: "/support", as: "free" },
  { path: "/auth" },
  { path: "/auth?mode=signin" },
  { path: "/signin" },
  { path: "/signin?tab=social" },
  { path: "/signin/two-factor" },
  { path: "/?type=contact&firstName=Ann&city=Lyon" },
  { path: "/checkout?plan=premium", as: "free" },
  { path: "/payment-success" },
  { path: "/privacy" },
  { path: "/terms" },
  { path: "/help" },
  { path: "/faq" },
  { path: "/auth-test" },
  { path: "/no-such-page" },
  { path: `/invite/${"A".repeat(43)}` },
];
const NOT_FOUND = new Set(["/no-such-page", `/invite/${"A".repeat(43)}`]);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

// One demo sign-in per account and worker; later tests reuse its session cookie.
const sessions = new Map<Account, Cookie[]>();

async function signInAs(page: Page, plan: Account, baseURL: string) {
  const cookies = sessions.get(plan);
  if (cookies) return page.context().addCookies(cookies);
  await signInToDemo(page, plan, baseURL);
  sessions.set(plan, await page.context().cookies());
}

/** Waits until React has hydrated the page and run its first effects. */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter?.state.initialized,
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
}

const test = base.extend<object, { axePage: Page }>({
  axePage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});

async function expectNoSidewaysScrolling(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(innerWidth);
}

for (const viewport of [DESKTOP, PHONE]) {
  for (const { path, as } of SCREENS) {
    const who = as ? `signed in (${as})` : "as a visitor";
    test(`${path} ${who} at ${viewport.width} px has no serious accessibility issue`, async ({
      page,
      baseURL,
      axePage,
      javaScriptEnabled,
    }) => {
      await page.setViewportSize(viewport);
      // The pages themselves, not the first visit's tour over them (checked on its own below).
      await page.addInitScript(() => localStorage.setItem("onboarding-tour-completed", "axe"));
      if (as) await signInAs(page, as, baseURL!);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(NOT_FOUND.has(path) ? 404 : 200);
      if (javaScriptEnabled) await hydrated(page);

      const serious = await seriousViolations(page, axePage, javaScriptEnabled);
      expect(serious, report(serious)).toEqual([]);
      if (viewport === PHONE) await expectNoSidewaysScrolling(page);
    });
  }
}

test("the phone menu and the account menu, open, have no serious accessibility issue", async ({
  page,
  baseURL,
  axePage,
  javaScriptEnabled,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, "free", baseURL!);
  await page.goto("/pricing");
  if (javaScriptEnabled) await hydrated(page);
  // Signed in on a phone, the button's "Menu" is for screen readers only.
  const menuButton = page.locator("summary.menu-button");
  await menuButton.click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  let serious = await seriousViolations(page, axePage, javaScriptEnabled);
  expect(serious, report(serious)).toEqual([]);

  await menuButton.click();
  await page.locator("summary.user-menu-button").click();
  await expect(page.getByRole("link", { name: "Manage Plan" })).toBeVisible();
  serious = await seriousViolations(page, axePage, javaScriptEnabled);
  expect(serious, report(serious)).toEqual([]);
  await expectNoSidewaysScrolling(page);
});

test("the onboarding tour has no serious accessibility issue", async ({
  page,
  axePage,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the tour needs JavaScript");
  await page.goto("/");
  await expect(page.getByRole("dialog")).toBeVisible();
  const serious = await seriousViolations(page, axePage, javaScriptEnabled);
  expect(serious, report(serious)).toEqual([]);
});
