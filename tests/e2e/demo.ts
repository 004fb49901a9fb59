import { expect, type Page } from "@playwright/test";

export type DemoPlan = "free" | "premium" | "ultimate";

/** Signs the page's browser in to the demo account of `plan` (demo mode is on in local runs). */
export async function signInToDemo(page: Page, plan: DemoPlan, baseURL: string) {
  const response = await page.request.post("/api/auth/demo", {
    data: { plan },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.ok()).toBe(true);
}
