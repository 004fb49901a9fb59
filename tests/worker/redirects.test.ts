import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { cookieFrom, demoSession, signUp } from "./accounts";
import { appFetch, generate, newAddress, ORIGIN } from "./app";
import { postForm } from "./forms";
import { dance } from "./oidc";

// Issue #27 item 2: every `redirect` parameter, in every route and after every way of signing
// in, ends on a path of this site. The table of tricks is tests/unit/auth-rules.test.ts; these
// go through the real routes, as an attacker's link would.

const EVIL = [
  "/.//evil.example/login",
  "//evil.example/login",
  "/%2F%2Fevil.example",
  "/%2e%2e//evil.example",
  "/%5Cevil.example",
  "/%09/evil.example",
  "https://evil.example/",
  "http:evil.example",
];

/** Where a browser would go from `location`, resolved against this site. */
function landsOn(location: string | null) {
  expect(location).not.toBeNull();
  expect(location!.startsWith("//")).toBe(false);
  return new URL(location!, ORIGIN);
}

function expectHome(response: Response, home = "/") {
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const target = landsOn(response.headers.get("Location"));
  expect(target.origin).toBe(ORIGIN);
  expect(target.pathname).toBe(home);
}

describe("redirects after signing in never leave the site", () => {
  it("a signed-in visit to /auth or /signin with a hostile redirect goes home", async () => {
    const { cookie } = await signUp();
    for (const page of ["/auth", "/signin"]) {
      for (const target of EVIL) {
        const response = await appFetch(`${page}?redirect=${encodeURIComponent(target)}`, {
          headers: { Cookie: cookie },
        });
        expectHome(response);
      }
    }
    // The exact request of the report.
    const reported = await appFetch("/auth?redirect=/.//evil.example/login", {
      headers: { Cookie: cookie },
    });
    expect(reported.headers.get("Location")).toBe("/");
  });

  it("an encoded sign-in page cannot carry a second, hostile redirect", async () => {
    const { cookie } = await signUp();
    const nested = `/%61uth?redirect=${encodeURIComponent("/.//evil.example/login")}`;
    const response = await appFetch(`/auth?redirect=${encodeURIComponent(nested)}`, {
      headers: { Cookie: cookie },
    });
    expectHome(response);
    // Had it been followed, /%61uth is /auth to the router, which would then redirect again.
    const followed = await appFetch(nested, { headers: { Cookie: cookie } });
    expectHome(followed);
  });

  it("a redirect that decodes to an impossible host is refused, never a 500", async () => {
    // "/%2F%2F[" decodes to "//[", which no URL parser accepts as a host: it must be judged
    // hostile, not thrown. Signed out the page renders; signed in it goes home.
    const impossible = ["/%2F%2F[", "/%2F%2F%E2%80%8B", "/%2F%2Fa%20b", "/%2F%2F%25%32%35"];
    const { cookie } = await signUp();
    for (const page of ["/auth", "/signin"]) {
      for (const target of impossible) {
        const query = `${page}?redirect=${encodeURIComponent(target)}`;
        const visitor = await appFetch(query);
        expect(visitor.status, `${query} signed out`).toBe(200);
        expect(await visitor.text()).not.toContain("evil");
        expectHome(await appFetch(query, { headers: { Cookie: cookie } }));
      }
    }
    const { person } = await signUp();
    const signIn = await postForm("/auth?mode=signin", {
      intent: "signin",
      email: person.email,
      password: person.password,
      redirect: "/%2F%2F[",
    });
    expectHome(signIn);
  });

  it("a short link is no place to go after signing in: it leads off the site", async () => {
    // Anyone with a paid plan can make /s/{slug} redirect to their own "sign in again" page.
    const attacker = await demoSession("premium");
    const saved = await generate(
      {
        type: "url",
        data: { url: "https://evil.example/login" },
        customization: { size: 256 },
        title: "Bounce",
        save: "true",
        trackScans: "true",
      },
      { cookie: attacker, headers: { Origin: ORIGIN } },
    );
    expect(saved.status).toBe(200);
    const { id } = await saved.json<{ id: number }>();
    const slug = (await env.DB.prepare("SELECT slug FROM tracked_links WHERE qr_code_id = ?")
      .bind(id)
      .first<string>("slug"))!;
    const bounce = await appFetch(`/s/${slug}`);
    expect(bounce.headers.get("Location")).toBe("https://evil.example/login");

    const { cookie, person } = await signUp();
    for (const target of [`/s/${slug}`, `/S/${slug}`, `/%73/${slug}`, `/./s/${slug}`]) {
      const query = `/auth?redirect=${encodeURIComponent(target)}`;
      expectHome(await appFetch(query, { headers: { Cookie: cookie } }));
      const signIn = await postForm("/auth?mode=signin", {
        intent: "signin",
        email: person.email,
        password: person.password,
        redirect: target,
      });
      expectHome(signIn);
    }
  });

  it("a same-site redirect is kept", async () => {
    const { cookie } = await signUp();
    const response = await appFetch("/auth?redirect=%2Fdashboard%3Ftab%3Dapi", {
      headers: { Cookie: cookie },
    });
    expect(response.headers.get("Location")).toBe("/dashboard?tab=api");
  });

  it("the password forms (sign-in and sign-up) go home instead", async () => {
    const { person } = await signUp();
    for (const target of EVIL) {
      const signIn = await postForm("/auth?mode=signin", {
        intent: "signin",
        email: person.email,
        password: person.password,
        redirect: target,
      });
      expectHome(signIn);
    }
    const signUpForm = await postForm("/signin", {
      intent: "signup",
      firstName: "Eve",
      lastName: "Example",
      email: `eve-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: "correct horse battery",
      redirect: "/.//evil.example/login",
    });
    expectHome(signUpForm);
  });

  it("Google and the developer platform come back home instead", async () => {
    for (const start of ["/api/auth/google", "/api/login"] as const) {
      for (const target of ["/.//evil.example/login", "/%2F%2Fevil.example", "/%61uth"]) {
        const email = `fed-${crypto.randomUUID().slice(0, 8)}@example.com`;
        const response = await dance(
          start,
          { sub: `sub-${email}`, email, email_verified: true },
          { startQuery: `?redirect=${encodeURIComponent(target)}` },
        );
        expect(cookieFrom(response, "qr_session")).not.toBeNull();
        expectHome(response);
      }
    }
  });

  it("switching workspace goes to the dashboard instead", async () => {
    const { cookie } = await signUp();
    const me = await (
      await appFetch("/api/auth/user", { headers: { Cookie: cookie } })
    ).json<{
      id: string;
    }>();
    for (const target of EVIL) {
      const response = await postForm(
        "/workspace/switch",
        { workspace: personalWorkspaceId(me.id), redirect: target },
        cookie,
      );
      expectHome(response, "/dashboard");
    }
  });

  it("the verification banner's resend goes home instead", async () => {
    const { cookie } = await signUp();
    const response = await postForm(
      "/verify-email",
      { redirect: "/.//evil.example/login" },
      cookie,
    );
    expectHome(response);
  });

  it("the demo sign-in and an invitation's sign-up land on this site", async () => {
    const demo = await appFetch("/api/auth/demo", {
      method: "POST",
      headers: { Origin: ORIGIN, "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams({ plan: "premium", redirect: "/.//evil.example/login" }),
    });
    expectHome(demo, "/auth-test");
    // An invitation sends the visitor to sign up with its own path as the redirect.
    const signUpForm = await postForm("/auth?mode=signup", {
      intent: "signup",
      firstName: "Ivy",
      lastName: "Invited",
      email: `ivy-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: "correct horse battery",
      redirect: "/invite/some-token",
    });
    expect(signUpForm.headers.get("Location")).toBe("/invite/some-token");
  });
});
