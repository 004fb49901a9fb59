import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";

// The generator's save flow (issue #29 items 1, 2 and 11), with JavaScript on and off: a tracked
// save leaves the saved dynamic code on screen (its image decodes to the short link, and so does
// its download); a visitor's code comes back after sign-up with one "Save it now"; what Free
// cannot save is said before sign-up; SVG is shown locked to those without it; the visitor's
// download allowance counts down as they download.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUpPremium(page: Page, baseURL: string) {
  const response = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Sam",
      lastName: "Saver",
      email: `save-flow-${unique()}@example.com`,
      password: "a long enough password",
      plan: "premium",
    },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(201);
}

async function downloaded(page: Page, link: ReturnType<Page["getByRole"]>): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await link.click();
  return readFile((await (await downloading).path())!);
}

test("a tracked save shows the saved dynamic code, whose image and download are the short link", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow(); // a sign-up (password hash), a save and a download
  await signUpPremium(page, baseURL!);
  const title = `Lunch ${unique()} ${javaScriptEnabled ? "js" : "nojs"}`;
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Flunch");
  await page.getByRole("checkbox", { name: /Track scans/ }).check();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save QR Code" }).click();

  const figure = page.locator(".preview-saved");
  await expect(figure).toContainText("Dynamic: you can change where it leads");
  const shortLink = (await figure.locator("code").textContent())!;
  expect(shortLink).toMatch(new RegExp(`^${new URL(baseURL!).origin}/s/[0-9A-Za-z]{10}$`));
  await expect(figure.getByRole("link", { name: `Open “${title}”` })).toHaveAttribute(
    "href",
    /^\/dashboard\/codes\/\d+$/,
  );
  // What is on screen is the short link, not the destination.
  const shown = await figure.getByRole("img").screenshot();
  expect((await decodeSingleQr(shown)).text).toBe(shortLink);
  // "Track scans" stays ticked.
  await expect(page.getByRole("checkbox", { name: /Track scans/ })).toBeChecked();
  // And so is what downloads from there.
  const png = page.getByRole("link", { name: "Download PNG" });
  await expect(png).toHaveAttribute("href", /^\/api\/qr-codes\/\d+\/download\?format=png$/);
  expect((await decodeSingleQr(await downloaded(page, png))).text).toBe(shortLink);

  // Once the content changes, the preview is the new (unsaved) code again.
  if (javaScriptEnabled) {
    await page.getByLabel("Website address").fill("https://example.com/dinner");
    await expect(figure).toHaveCount(0);
  }
});

test("a visitor's code survives sign-up and is saved with one Save it now", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow(); // a sign-up through the form and a save
  const title = `Café ${unique()} ${javaScriptEnabled ? "js" : "nojs"}`;
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Fvisitor&fg=1d4ed8");
  await expect(page.getByText("this code comes with you")).toBeVisible();
  await page.getByRole("checkbox", { name: /Track scans/ }).check();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save QR Code" }).click();

  // Sign-up, which (the code being dynamic) starts the Premium trial.
  await expect(page).toHaveURL(/\/auth\?mode=signup&plan=premium/);
  await page.getByLabel("First name").fill("Vera");
  await page.getByLabel("Last name").fill("Visitor");
  await page.getByLabel("Email").fill(`visitor-${unique()}@example.com`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();

  // Back on the generator: the same code, title and choice, offered with one button.
  await expect(page.getByRole("button", { name: "Save it now" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Website address")).toHaveValue("https://example.com/visitor");
  await expect(page.getByRole("checkbox", { name: /Track scans/ })).toBeChecked();
  await page.getByRole("button", { name: "Save it now" }).click();
  await expect(page.locator(".preview-saved")).toContainText(
    "Dynamic: you can change where it leads",
  );
  await expect(page.getByRole("button", { name: "Save it now" })).toHaveCount(0);

  await page.goto("/dashboard");
  // Saved once.
  await expect(page.getByRole("checkbox", { name: `Select ${title}` })).toHaveCount(1);
});

test("a visitor hears before sign-up that a free account cannot save Wi-Fi", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/?type=wifi&ssid=Cafe&password=a%20long%20passphrase&encryption=WPA");
  const form = page.getByRole("form", { name: "Save this code" });
  await expect(form).toContainText("Upgrade to Premium to save Wi-Fi codes");
  await expect(form.getByRole("link", { name: "Compare plans" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  if (javaScriptEnabled) {
    // Changing type says it at once.
    await page.goto("/?type=text&text=hello");
    await expect(form).not.toContainText("Upgrade to Premium to save");
    await page.locator(".type-tabs").getByRole("link", { name: "Wi-Fi" }).click();
    await expect(form).toContainText("Upgrade to Premium to save Wi-Fi codes");
  }
});

test("SVG is shown locked with Premium and why for a visitor", async ({ page }) => {
  await page.goto("/?type=text&text=locked");
  await expect(page.getByRole("link", { name: "Download SVG" })).toHaveCount(0);
  const locked = page.locator(".preview-actions .download-locked");
  await expect(locked).toContainText("SVG");
  await expect(locked).toContainText("Premium");
  await expect(locked).toContainText("SVG downloads require Premium or Ultimate plan.");
  await expect(locked.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
});

test("the visitor's download allowance counts down as they download", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/?type=text&text=counter");
  await expect(page.getByText("3 of 3 free PNG downloads left today.")).toBeVisible();
  await downloaded(page, page.getByRole("link", { name: "Download PNG" }));
  if (!javaScriptEnabled) await page.reload();
  await expect(page.getByText("2 of 3 free PNG downloads left today.")).toBeVisible();
  await downloaded(page, page.getByRole("link", { name: "Download PNG" }));
  if (!javaScriptEnabled) await page.reload();
  await expect(page.getByText("1 of 3 free PNG downloads left today.")).toBeVisible();
  // The server agrees.
  await page.reload();
  await expect(page.getByText("1 of 3 free PNG downloads left today.")).toBeVisible();
});
