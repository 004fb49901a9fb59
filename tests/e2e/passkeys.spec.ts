import { expect, type Page, test } from "@playwright/test";

// Passkeys (issue #31) in Chromium: with JavaScript, a virtual authenticator (Chrome DevTools
// Protocol) stands in for the device's fingerprint reader; without JavaScript the pages say that
// passkeys need it and offer the other ways to sign in.

const PASSWORD = "a long enough password";

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signUp(page: Page, baseURL: string, email: string) {
  const response = await page.request.post("/api/auth/signup", {
    data: { firstName: "Grace", lastName: "Hopper", email, password: PASSWORD },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(201);
}

/** A platform authenticator with a resident key and a verified user, as a laptop's Touch ID. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { credentials };
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the WebAuthn ceremony runs in script");

  test("add a passkey on /account, then sign in with it on /auth and on /signin", async ({
    page,
    baseURL,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    const email = uniqueEmail("passkey");
    await signUp(page, baseURL!, email);

    await page.goto("/account#passkeys");
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section).toContainText("You have no passkeys yet.");
    await expect(section.getByText(/Passkeys need JavaScript/)).toBeHidden();
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section.getByRole("alert")).toHaveText("Give the passkey a name");
    await section.getByLabel("Name", { exact: true }).fill("Test laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();

    await expect(page.getByText("You can now sign in with “Test laptop”.")).toBeVisible();
    await expect(section).toContainText("Test laptop");
    await expect(section).toContainText("Never used");
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost" });

    // Signed out, the passkey signs in again: on /auth, back to where the person was going.
    await page.context().clearCookies();
    await page.goto("/auth?mode=signin&redirect=%2Faccount%23passkeys");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/account#passkeys$/);
    await expect(page.getByText("Signed in with your passkey.").first()).toBeVisible();
    await expect(section).toContainText("Last used");

    await page.context().clearCookies();
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Signed in with your passkey.").first()).toBeVisible();
    const me = await page.request.get("/api/auth/user");
    expect(((await me.json()) as { email: string }).email).toBe(email);
  });

  test("rename and remove a passkey; removing asks for the password", async ({ page, baseURL }) => {
    await virtualAuthenticator(page);
    await signUp(page, baseURL!, uniqueEmail("remover"));
    await page.goto("/account#passkeys");
    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByLabel("Name", { exact: true }).fill("Old phone");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section).toContainText("Old phone");

    await section.getByText("Rename").click();
    await section.getByLabel("New name").fill("Work phone");
    await section.getByRole("button", { name: "Save passkey name" }).click();
    await expect(page.getByText("Passkey renamed").first()).toBeVisible();
    await expect(section).toContainText("Work phone");

    await section.getByText("Remove", { exact: true }).click();
    await section.getByLabel("Your password").fill("not my password");
    await section.getByRole("button", { name: "Remove passkey" }).click();
    await expect(section).toContainText("Your current password is not correct");
    await section.getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Remove passkey" }).click();
    await expect(page.getByText("“Work phone” can no longer sign in").first()).toBeVisible();
    await expect(section).toContainText("You have no passkeys yet.");
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the message is for browsers without it");

  test("the pages say passkeys need JavaScript and offer the other ways, never a dead button", async ({
    page,
    baseURL,
  }) => {
    for (const path of ["/auth?mode=signin", "/signin"]) {
      await page.goto(path);
      await expect(
        page.getByText(/Passkeys need JavaScript.*e-mail address and password/),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden();
    }

    await signUp(page, baseURL!, uniqueEmail("nojs"));
    await page.goto("/account#passkeys");
    const section = page.getByRole("region", { name: "Passkeys" });
    // (Playwright's text assertions skip <noscript>; its paragraph is read directly.)
    await expect(section.getByText(/Passkeys need JavaScript/)).toBeVisible();
    await expect(section.getByRole("link", { name: "password" })).toHaveAttribute(
      "href",
      "#password",
    );
    await expect(section.getByRole("button", { name: "Add a passkey" })).toBeHidden();
  });
});

test.describe("in the page's language", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the WebAuthn ceremony runs in script");

  test("a passkey removed from its account is refused in German on /de/auth (issue #32)", async ({
    page,
    baseURL,
  }) => {
    await virtualAuthenticator(page);
    await signUp(page, baseURL!, uniqueEmail("removed"));
    await page.goto("/account#passkeys");
    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByLabel("Name", { exact: true }).fill("Old laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section).toContainText("Old laptop");
    await section.getByText("Remove", { exact: true }).click();
    await section.getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Remove passkey" }).click();
    await expect(section).toContainText("You have no passkeys yet.");

    // The device still holds the passkey; the server no longer knows it. The call has no
    // language prefix: the page says the server's phrase in its own language.
    await page.context().clearCookies();
    await page.goto("/de/auth?mode=signin");
    await page.getByRole("button", { name: "Mit einem Passkey anmelden" }).click();
    await expect(page.locator(".auth-passkey").getByRole("alert")).toHaveText(
      "Mit diesem Passkey konntest du dich nicht anmelden. Vielleicht wurde er aus seinem Konto entfernt. Melde dich auf andere Weise an.",
    );
  });
});
