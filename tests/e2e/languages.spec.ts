import { expect, type Page } from "@playwright/test";
import { report, seriousViolations, test } from "./axe";
import { LOCALES, PUBLIC_PATHS } from "../../app/i18n/locales";
import { NAMESPACES } from "../../app/i18n/namespaces";
import { messagesOf } from "./messages";
import { expectNoSidewaysScrolling, hydrated, NOT_FOUND, SCREENS, signInAs } from "./screens";

// Issue #32: every screen in the pseudo-locale (accented and 40% longer) on a 375 px phone and
// in Arabic on a desktop, with JavaScript on and off: no serious accessibility finding, no
// sideways scrolling, and Arabic mirrored. Public pages by their prefix, the others by the
// `lang` cookie (the shared demo accounts keep no language of their own).

const PUBLIC = new Set<string>(PUBLIC_PATHS);
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

// A message id on screen means a component asked for a message its page does not load.
const RAW_ID = new RegExp(`\\b(${NAMESPACES.join("|")}|zod)\\.[a-zA-Z][\\w.]*[a-zA-Z]\\b(?!@)`);

async function expectNoMessageIds(page: Page) {
  const text = await page.locator("body").innerText();
  // A file name such as "code.png" looks like an id of the "code" namespace; it is not one.
  const ids = [...text.matchAll(new RegExp(RAW_ID, "g"))]
    .map((match) => match[0])
    .filter((id) => !/\.(png|svg|pdf|eps|csv|zip|json)$/.test(id));
  expect(ids, "a message id shown instead of its text").toEqual([]);
}

/** `path` in `code`: under its prefix when it is a public page, else with the language cookie. */
async function openIn(page: Page, code: string, prefix: string, path: string, baseURL: string) {
  const [pathname = "/", query] = path.split("?");
  if (PUBLIC.has(pathname)) {
    return page.goto(`/${prefix}${pathname === "/" ? "/" : pathname}${query ? `?${query}` : ""}`);
  }
  await page.context().addCookies([{ name: "lang", value: code, url: baseURL }]);
  return page.goto(path);
}

for (const { path, as } of SCREENS) {
  const who = as ? `signed in (${as})` : "as a visitor";

  test(`${path} ${who} in the pseudo-locale at 375 px: accessible, nothing sideways`, async ({
    page,
    baseURL,
    axePage,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => localStorage.setItem("onboarding-tour-completed", "pseudo"));
    if (as) await signInAs(page, as, baseURL!);
    const response = await openIn(page, "en-XA", "en-xa", path, baseURL!);
    expect(response?.status(), path).toBe(NOT_FOUND.has(path) ? 404 : 200);
    if (javaScriptEnabled) await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
    await expectNoMessageIds(page);
    const serious = await seriousViolations(page, axePage, javaScriptEnabled);
    expect(serious, report(serious)).toEqual([]);
    await expectNoSidewaysScrolling(page);
  });

  test(`${path} ${who} in Arabic: right to left, mirrored, accessible`, async ({
    page,
    baseURL,
    axePage,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await page.addInitScript(() => localStorage.setItem("onboarding-tour-completed", "arabic"));
    if (as) await signInAs(page, as, baseURL!);
    const response = await openIn(page, "ar", "ar", path, baseURL!);
    expect(response?.status(), path).toBe(NOT_FOUND.has(path) ? 404 : 200);
    if (javaScriptEnabled) await hydrated(page);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", "ar");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expectNoMessageIds(page);
    // Mirrored: the header starts at the right (the home link there), the footer's links too.
    const home = page.locator(".site-header a").first();
    const box = (await home.boundingBox())!;
    expect(box.x + box.width / 2, "the header's first link sits on the right").toBeGreaterThan(
      DESKTOP.width / 2,
    );
    const footerStart = (await page.locator(".footer-links a").first().boundingBox())!;
    expect(footerStart.x, "the footer starts on the right").toBeGreaterThan(DESKTOP.width / 2);
    const serious = await seriousViolations(page, axePage, javaScriptEnabled);
    expect(serious, report(serious)).toEqual([]);
    await expectNoSidewaysScrolling(page);
    if (javaScriptEnabled && !as && PUBLIC.has(path)) {
      await testInfo.attach(`arabic${path.replace(/\W+/g, "-")}.png`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });
    }
  });
}

// The first hour in each language without JavaScript: make a code on the home page under the
// language's prefix, sign up to save it, save it, and find it on the dashboard, every label read
// from that language's catalogue. (With JavaScript, save-flow.spec.ts walks it in English.)
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const locale of LOCALES.filter((l) => l.prefix)) {
  test(`${locale.name}: generate, sign up, save and the dashboard, without JavaScript`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "the journey without JavaScript, one per language");
    test.slow(); // a sign-up (password hash) and a save
    const t = messagesOf(locale.code);
    const title = `QR ${locale.prefix} ${unique()}`;
    await page.goto(`/${locale.prefix}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale.code);

    await page
      .getByLabel(t("generator.content.websiteAddress"))
      .fill(`https://example.com/${locale.prefix}`);
    await page.getByRole("button", { name: t("generator.form.update") }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale.prefix}/\\?`));
    await expect(page.locator("html")).toHaveAttribute("lang", locale.code);
    await page.getByLabel(t("generator.save.title"), { exact: true }).fill(title);
    await page.getByRole("button", { name: t("generator.save.submit") }).click();

    // Saving needs an account: the sign-up page in the same language.
    await expect(page).toHaveURL(new RegExp(`/${locale.prefix}/auth\\?`));
    await page.getByLabel(t("auth.form.firstName"), { exact: true }).fill("Ana");
    await page.getByLabel(t("auth.form.lastName"), { exact: true }).fill("Lingua");
    await page
      .getByLabel(t("auth.form.email"), { exact: true })
      .fill(`lang-${locale.prefix}-${unique()}@example.com`);
    await page.getByLabel(t("auth.form.password"), { exact: true }).fill("a long enough password");
    await page.getByRole("button", { name: t("auth.form.create") }).click();

    // Back on the generator in the same language, the code kept, saved with one button.
    const saveNow = page.getByRole("button", { name: t("generator.save.now") });
    await expect(saveNow).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale.code);
    await saveNow.click();
    await expect(saveNow).toHaveCount(0);

    // The dashboard has one address; it follows the language the account was made in.
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", locale.code);
    await expect(page.getByRole("heading", { name: t("dashboard.list.heading") })).toBeVisible();
    await expect(
      page.getByRole("checkbox", { name: t("dashboard.code.select", { title }) }),
    ).toHaveCount(1);
  });
}
