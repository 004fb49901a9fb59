import { expect, test } from "@playwright/test";

test("a free user saves a code with a title and finds it on the dashboard", async ({
  page,
  baseURL,
}) => {
  const email = `saver-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await page.request.post("/api/auth/signup", {
    data: { firstName: "Sasha", lastName: "Saver", email, password: "a long enough password" },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(signUp.status()).toBe(201);

  await page.goto("/?type=text&text=Opening%20hours%209-5");
  await page.getByLabel("Title").fill("Shop hours");
  await page.getByRole("button", { name: "Save QR Code" }).click();
  await expect(page.getByText("QR code saved")).toBeVisible();
  // The generator keeps the code that was saved.
  await expect(page.getByLabel("Text", { exact: true })).toHaveValue("Opening hours 9-5");

  await page.goto("/dashboard");
  const item = page.getByRole("listitem").filter({ hasText: "Shop hours" });
  await expect(item).toContainText("TEXT");
  await expect(item).toContainText("0 downloads");
  const downloadPromise = page.waitForEvent("download");
  await item.getByRole("link", { name: "Download PNG" }).click();
  expect((await downloadPromise).suggestedFilename()).toBe("qr-text.png");
});

test("a visitor who tries to save is asked to sign up", async ({ page }) => {
  await page.goto("/?type=url&url=https%3A%2F%2Fexample.com%2Fvisitor");
  await page.getByLabel("Title").fill("Visitor code");
  await page.getByRole("button", { name: "Save QR Code" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&reason=save/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
});
