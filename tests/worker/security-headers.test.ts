import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch } from "./app";

describe("security headers", () => {
  it("sends a nonce-based CSP that matches the document's scripts", async () => {
    const response = await appFetch("/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("lets no payment provider in while payments are simulated", async () => {
    const response = await appFetch("/");
    expect(response.headers.get("Content-Security-Policy")).not.toContain("stripe.com");
    expect(response.headers.get("Content-Security-Policy")).toContain("form-action 'self';");
    expect(response.headers.get("Permissions-Policy")).toContain("payment=(self)");
  });

  it("uses a fresh nonce for every rendered response", async () => {
    // (A page kept at the edge for everybody keeps the nonce it was rendered with: caching.test.ts.)
    const first = (await appFetch("/auth")).headers.get("Content-Security-Policy");
    const second = (await appFetch("/auth")).headers.get("Content-Security-Policy");
    expect(first).not.toEqual(second);
  });

  it.each(["/", "/faq", "/missing-page"])(
    "protects %s against sniffing, framing and leaks",
    async (path) => {
      const response = await appFetch(path);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8}/);
      expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it("does not pin HTTPS on localhost, where the app is served over plain HTTP", async () => {
    const response = await exports.default.fetch(new Request("http://localhost:8787/"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    expect(response.headers.get("Content-Security-Policy")).toBeTruthy();
  });
});
