import { expect, test } from "@playwright/test";

test("fingerprinted assets may be kept for a year; the page itself is checked again", async ({
  page,
}) => {
  const response = await page.goto("/");
  // Kept at the edge for visitors without cookies; a browser asks again every time.
  expect(response!.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=3600");
  const asset = await page
    .locator('link[rel="modulepreload"], link[rel="stylesheet"]')
    .first()
    .getAttribute("href");
  expect(asset).toMatch(/^\/assets\/.+-[\w-]{8}\.(js|css)$/);
  const fetched = await page.request.get(asset!);
  expect(fetched.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});
