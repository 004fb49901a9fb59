import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { firstText, textOf } from "../support/html";
import { appFetch } from "./app";

it("a failing loader renders the friendly 500 page with no internals", async () => {
  // Break the database under the home page's loader (storage is isolated to this file).
  await env.DB.exec("DROP TABLE visitor_downloads");
  const response = await appFetch("/", {
    headers: { Cookie: `qr_visitor=${crypto.randomUUID()}` },
  });
  expect(response.status).toBe(500);
  const html = await response.text();
  expect(firstText(html, "h1")).toBe("Something went wrong");
  expect(textOf(html)).toContain("Please try again in a moment.");
  expect(html).not.toMatch(/visitor_downloads|no such table|\bat \S+\.js:\d+/i);
  expect(response.headers.get("Content-Security-Policy")).toBeTruthy();
});
