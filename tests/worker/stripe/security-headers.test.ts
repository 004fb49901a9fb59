import { describe, expect, it } from "vitest";
import { appFetch } from "../app";

function directive(csp: string, name: string): string[] {
  const found = csp.split("; ").find((part) => part.startsWith(`${name} `));
  return found ? found.split(" ").slice(1) : [];
}

describe("pages where Stripe takes the payments", () => {
  it("let Stripe.js, its frames and its API in, and let the checkout form go to Stripe", async () => {
    const response = await appFetch("/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";

    expect(directive(csp, "script-src")).toContain("https://js.stripe.com");
    expect(directive(csp, "frame-src")).toEqual(
      expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]),
    );
    expect(directive(csp, "connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(directive(csp, "form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);
    // Still strict everywhere else.
    expect(directive(csp, "script-src")).toContain("'strict-dynamic'");
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers.get("Permissions-Policy")).toContain(
      'payment=(self "https://js.stripe.com")',
    );
  });
});
