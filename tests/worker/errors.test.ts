import { env } from "cloudflare:test";
import { expect, it, vi } from "vitest";
import { firstText, textOf } from "../support/html";
import { appFetch } from "./app";

it("a failing loader renders the friendly 500 page with no internals", async () => {
  // Break the database under the home page's loader (storage is isolated to this file).
  await env.DB.exec("DROP TABLE visitor_downloads");
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const response = await appFetch("/", {
    headers: { Cookie: `qr_visitor=${crypto.randomUUID()}` },
  });
  expect(response.status).toBe(500);
  const html = await response.text();
  // The page gives a reference that finds the log line with the cause.
  const requestId = response.headers.get("X-Request-Id")!;
  expect(textOf(html)).toContain(`Reference: ${requestId}`);
  const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
  logged.mockRestore();
  expect(lines).toContainEqual(
    expect.objectContaining({
      level: "error",
      event: "server_error",
      requestId,
      path: "/",
      error: expect.stringContaining("visitor_downloads"),
    }),
  );
  expect(firstText(html, "h1")).toBe("Something went wrong");
  expect(textOf(html)).toContain("Please try again in a moment.");
  expect(html).not.toMatch(/visitor_downloads|no such table|\bat \S+\.js:\d+/i);
  expect(response.headers.get("Content-Security-Policy")).toBeTruthy();
});
