import AxeBuilder from "@axe-core/playwright";
import { type Page, test as base } from "@playwright/test";

// axe for the e2e specs: WCAG 2.0/2.1 A and AA, on the page as the browser built it, with
// JavaScript on or off, and its findings as readable text.

const WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/**
 * axe runs as JavaScript inside the page, which a page without JavaScript never executes. So the
 * DOM that the JavaScript-off browser built is checked again in `copy`, a page of a context with
 * JavaScript, with the stylesheets and images of the app and no script but axe.
 */
async function axeWithoutJavaScript(page: Page, copy: Page): Promise<Violations> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  // A request's address has no fragment (a page opened at #result has one).
  const address = page.url().split("#")[0];
  await copy.setViewportSize(page.viewportSize()!);
  await copy.unrouteAll();
  await copy.route(
    (url) => url.href === address,
    (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
  );
  await copy.goto(address!);
  return (await new AxeBuilder({ page: copy }).withTags(WCAG_A_AA).analyze()).violations;
}

/** The serious and critical findings on `page`; `copy` checks it when JavaScript is off. */
export async function seriousViolations(page: Page, copy: Page, javaScriptEnabled: boolean) {
  const violations = javaScriptEnabled
    ? (await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze()).violations
    : await axeWithoutJavaScript(page, copy);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** axe's findings, one readable paragraph each, with every element it found. */
export function report(violations: Violations) {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map(
            (n) =>
              `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`,
          )
          .join("\n"),
    )
    .join("\n\n");
}

/** The test with `axePage`: one page per worker, with JavaScript, for checking pages without it. */
export const test = base.extend<object, { axePage: Page }>({
  axePage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});
