import { createHmac } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { report, seriousViolations } from "./axe";

// Two-factor sign-in (issue #31) as a person sets it up and signs in with it, with JavaScript
// and without (the two projects). The test is the authenticator app: it reads the secret key off
// the page and computes RFC 6238's code itself (an implementation of its own, on Node's crypto).

const PASSWORD = "a long enough password";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/\s/g, "")) {
    bits += BASE32.indexOf(char).toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The app's 6-digit code, `offset` seconds from now. */
function authenticatorCode(secret: string, offset = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor((Date.now() / 1000 + offset) / 30)));
  const mac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const at = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

test("set up two-factor sign-in on /account, then sign in with the second step", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // Three axe runs besides the flow (without JavaScript each reloads the page in a copy).
  test.setTimeout(90_000);
  const copy = await (await browser.newContext({ javaScriptEnabled: true })).newPage();
  const accessible = async (where: Page) => {
    const serious = await seriousViolations(where, copy, javaScriptEnabled);
    expect(serious, report(serious)).toEqual([]);
  };
  const email = `two-factor-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await page.request.post("/api/auth/signup", {
    data: { firstName: "Grace", lastName: "Hopper", email, password: PASSWORD },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(signUp.status()).toBe(201);

  await page.goto("/account");
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(
    section.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  const secret = (await section.getByTestId("two-factor-secret").textContent())!;
  expect(secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await accessible(page);

  await section.getByLabel("Code from the app").fill(authenticatorCode(secret));
  await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = section.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(section.getByTestId("recovery-codes")).toBeInViewport();
  await expect(section).toContainText("On since");
  await expect(section.getByTestId("two-factor-secret")).toHaveCount(0);
  await accessible(page);

  await context.clearCookies();
  await page.goto("/auth?mode=signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/signin\/two-factor$/);

  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();
  await accessible(page);

  // The step after the one used to turn it on: a code works once.
  await page.getByLabel("Authentication code").fill(authenticatorCode(secret, 30));
  await page.getByLabel("Trust this browser for 30 days").check();
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("Successfully signed in.").first()).toBeVisible();
  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText("On since");
});
