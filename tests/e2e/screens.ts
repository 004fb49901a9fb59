import { type Cookie, expect, type Page } from "@playwright/test";
import { signInToDemo } from "./demo";

// Every screen of the spec (section 2), as a visitor or signed in: the accessibility spec checks
// each in English, the languages spec in the pseudo-locale and in Arabic (issue #32).
export type Account = "free" | "premium" | "ultimate";
export const SCREENS: { path: string; as?: Account }[] = [
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
export const NOT_FOUND = new Set(["/no-such-page", `/invite/${"A".repeat(43)}`]);

// One demo sign-in per account and worker; later tests reuse its session cookie.
const sessions = new Map<Account, Cookie[]>();

export async function signInAs(page: Page, plan: Account, baseURL: string) {
  const cookies = sessions.get(plan);
  if (cookies) return page.context().addCookies(cookies);
  await signInToDemo(page, plan, baseURL);
  sessions.set(plan, await page.context().cookies());
}

/** Waits until React has hydrated the page and run its first effects. */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter?.state.initialized,
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
}

export async function expectNoSidewaysScrolling(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(innerWidth);
}
