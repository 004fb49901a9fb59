import { expect } from "@playwright/test";
import { report, seriousViolations, test } from "./axe";
import { expectNoSidewaysScrolling, hydrated, NOT_FOUND, SCREENS, signInAs } from "./screens";

// Every screen of the spec (section 2), as a visitor or signed in, checked by axe against WCAG
// 2.0/2.1 A and AA on a desktop and a phone, with JavaScript on and off (the two projects).
// Signed in means the demo accounts: Premium for the dashboard, Free for checkout (a Premium
// account has nothing to pay for there).
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

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
