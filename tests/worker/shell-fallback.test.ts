import { env } from "cloudflare:test";
import { expect, it, vi } from "vitest";
import { firstText, textOf } from "../support/html";
import { signUp } from "./accounts";
import { appFetch } from "./app";

// Issue #32: when the root loader itself fails, its data (the page's messages) is missing; the
// error page still speaks English, from the fallback the server writes into the page for the
// browser to hydrate with (it is not in the browser's first-load JavaScript).
it("a failing root loader still renders a readable error page, with its messages in the page", async () => {
  const { cookie } = await signUp();
  // Break what the root loader reads for a signed-in person (storage is isolated to this file).
  await env.DB.exec("DROP TABLE workspace_members");
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const response = await appFetch("/pricing", { headers: { Cookie: cookie } });
  logged.mockRestore();
  expect(response.status).toBe(500);
  const html = await response.text();
  expect(firstText(html, "h1")).toBe("Something went wrong");
  expect(textOf(html)).toContain("Please try again in a moment.");
  expect(textOf(html)).not.toMatch(/common\.(error|nav|footer)\./);
  const written = /<script id="shell-messages" type="application\/json">(.*?)<\/script>/s.exec(
    html,
  );
  expect(written).not.toBeNull();
  const messages = JSON.parse(written![1]!) as Record<string, unknown>;
  expect(messages["common.error.title"]).toEqual(["Something went wrong"]);
  expect(html).not.toMatch(/workspace_members|no such table/i);
});

it("a page whose root loader answered carries no fallback messages", async () => {
  const html = await (await appFetch("/pricing")).text();
  expect(html).not.toContain('id="shell-messages"');
});
