import { expect, test } from "@playwright/test";
import { signInToDemo } from "./demo";

test.describe("the shared header and footer", () => {
  test("header links lead to the generator and pricing, and sign-in buttons to /auth", async ({
    page,
  }) => {
    await page.goto("/faq");
    const header = page.locator("header.site-header");
    await header.getByRole("link", { name: "QR Code Creator" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Create QR codes that always scan",
    );

    await page.goto("/help");
    await header.getByRole("link", { name: "Sign up free" }).click();
    await expect(page).toHaveURL("/auth?mode=signup");

    await page.goto("/help");
    await header.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/auth?mode=signin");

    await page.goto("/help");
    await header.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL("/pricing");
  });

  test("footer links open the help, FAQ and legal pages", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const [label, path, heading] of [
      ["Help Center", "/help", "Help Center"],
      ["FAQ", "/faq", "Frequently Asked Questions"],
      ["Privacy Policy", "/privacy", "Privacy Policy"],
      ["Terms of Service", "/terms", "Terms of Service"],
    ] as const) {
      await footer.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    await expect(footer.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      /^mailto:.+@.+/,
    );
    await expect(footer).toContainText("© 2024 QR Code Creator");
  });

  test("on a phone the navigation hides behind a menu button that opens and navigates", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const mainNav = page.getByRole("navigation", { name: "Main" });
    await expect(mainNav).toBeHidden();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();

    await page.getByText("Menu", { exact: true }).click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL("/pricing");
    // No sideways scrolling on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("pages", () => {
  test("an unknown address shows the 404 card with a way home", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await page.getByRole("link", { name: "Back to the QR Generator" }).click();
    await expect(page).toHaveURL("/");
  });

  test("FAQ answers expand and collapse, and categories filter the list", async ({ page }) => {
    await page.goto("/faq");
    const questions = page.locator(".accordion details");
    await expect(questions).toHaveCount(21);
    const first = questions.first();
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await first.locator("summary").click();
    await expect(first).not.toHaveAttribute("open", "");

    await page.getByRole("link", { name: "Download & Scan" }).click();
    await expect(page).toHaveURL("/faq?category=download");
    // Without JavaScript the address changes before the new page has arrived: wait for the list.
    await expect(page.getByRole("link", { name: "Download & Scan" })).toHaveAttribute(
      "aria-current",
      /.+/,
    );
    await expect(questions).not.toHaveCount(21);
    const filtered = await questions.count();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(21);
    await page.getByRole("link", { name: "All", exact: true }).click();
    await expect(questions).toHaveCount(21);
  });
});

test.describe("content security policy", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "violations come from scripts");

  test("no page breaks its own policy, signed out or in", async ({ page, baseURL }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    for (const path of ["/", "/pricing", "/auth?mode=signup", "/faq"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await signInToDemo(page, "premium", baseURL!);
    for (const path of ["/", "/dashboard", "/dashboard?tab=plans"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(violations).toEqual([]);
  });
});
