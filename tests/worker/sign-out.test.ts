import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { signUp } from "./accounts";
import { appFetch } from "./app";
import { landOn, postForm } from "./forms";

// Issue #27 item 11: any site can make a browser GET a URL (an <img>, a link), so GET
// /api/logout only asks; signing out takes the page's one button, a same-site POST.

const signedIn = async (cookie: string) =>
  (await appFetch("/api/auth/user", { headers: { Cookie: cookie } })).status === 200;

describe("GET /api/logout", () => {
  it("asks with one button that posts, and signs no one out by itself", async () => {
    const { person, cookie } = await signUp();
    // As a cross-site <img src> or link would fetch it.
    const response = await appFetch("/api/logout", {
      headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    // No other site may frame the page and trick a click on its button.
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.getSetCookie().join()).not.toMatch(/qr_session=;/);
    const html = await response.text();
    expect(textOf(html)).toContain("Sign out?");
    expect(textOf(html)).toContain(person.email);
    const forms = html.match(/<form\b[^>]*>/g) ?? [];
    const signOutForm = forms.find((form) => form.includes('action="/api/auth/logout"'));
    expect(signOutForm).toMatch(/method="post"/);
    expect(await signedIn(cookie)).toBe(true);

    // The button, without JavaScript: a form post, then home with the message.
    const posted = await postForm("/api/auth/logout", {}, cookie);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe("/");
    expect(await landOn(posted)).toContain("You have been signed out.");
    expect(await signedIn(cookie)).toBe(false);
  });

  it("the button's post is refused from another site", async () => {
    const { cookie } = await signUp();
    const forged = await appFetch("/api/auth/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    // A form in a sandboxed frame or a data: page sends "Origin: null"; a sister site, no Origin.
    const forgeries: Record<string, string>[] = [
      { Origin: "null" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const headers of forgeries) {
      const response = await appFetch("/api/auth/logout", {
        method: "POST",
        headers: { Cookie: cookie, ...headers },
      });
      expect(response.status).toBe(403);
    }
    expect(await signedIn(cookie)).toBe(true);
  });

  it("tells a visitor who is not signed in so", async () => {
    const response = await appFetch("/api/logout");
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain("You are signed out");
  });
});
