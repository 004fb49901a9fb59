import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS } from "../../app/auth/password.server";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";

const currentUser = (cookie?: string) =>
  appFetch("/api/auth/user", { headers: cookie ? { Cookie: cookie } : {} });

describe("sign-up and sign-in through the JSON API", () => {
  it("creates an account, sets a safe session cookie and never returns password material", async () => {
    const { person, response, cookie } = await signUp();
    const header = response.headers.getSetCookie().find((c) => c.startsWith("qr_session="))!;
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; Path=\//i);
    expect(header).toMatch(/; Max-Age=2592000/i);

    const me = await currentUser(cookie);
    expect(me.status).toBe(200);
    expect(me.headers.get("Cache-Control")).toContain("no-store");
    const user = await me.json<Record<string, unknown>>();
    expect(user).toMatchObject({
      email: person.email,
      firstName: "Ada",
      lastName: "Lovelace",
      subscriptionPlan: "free",
    });
    expect(JSON.stringify(user)).not.toMatch(/password|pbkdf2/i);
  });

  it("answers 401 to a visitor asking who they are", async () => {
    const response = await currentUser();
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "Authentication required" });
  });

  it("stores the password as PBKDF2-SHA256 with at most 100,000 iterations and a unique salt", async () => {
    const first = await signUp();
    const second = await signUp({ ...newPerson(), password: first.person.password });
    const { results } = await env.DB.prepare(
      "SELECT password_hash FROM users WHERE email IN (?, ?)",
    )
      .bind(first.person.email, second.person.email)
      .all<{ password_hash: string }>();
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    for (const { password_hash } of results) {
      const [algorithm, iterations] = password_hash.split("$");
      expect(algorithm).toBe("pbkdf2-sha256");
      expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
      expect(password_hash).not.toContain(first.person.password);
    }
    expect(results[0]!.password_hash).not.toBe(results[1]!.password_hash);
  });

  it("refuses a second account for the same address in any letter case", async () => {
    const { person } = await signUp();
    const again = await postJson("/api/auth/signup", {
      ...newPerson(),
      email: person.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      message: "An account with this email already exists. Sign in instead.",
    });
  });

  it("explains each invalid field with the spec's messages", async () => {
    const response = await postJson("/api/auth/signup", {
      firstName: " ",
      lastName: "",
      email: "not-an-address",
      password: "short",
    });
    expect(response.status).toBe(400);
    const body = await response.json<{ errors: Record<string, string> }>();
    expect(body.errors).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
    const signIn = await postJson("/api/auth/signin", { email: "a@example.com", password: "" });
    expect(await signIn.json()).toMatchObject({ errors: { password: "Password is required" } });
  });

  it("says the same thing for a wrong password and an unknown address", async () => {
    const { person } = await signUp();
    const wrong = await postJson("/api/auth/signin", {
      email: person.email,
      password: "wrong password",
    });
    const unknown = await postJson("/api/auth/signin", {
      email: "nobody@example.com",
      password: "wrong password",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(cookieFrom(wrong, "qr_session")).toBeNull();
  });

  it("rotates the session id at sign-in and kills it at sign-out", async () => {
    const { person, cookie: first } = await signUp();
    const signIn = await postJson("/api/auth/signin", person, { cookie: first });
    expect(signIn.status).toBe(200);
    const second = cookieFrom(signIn, "qr_session")!;
    expect(second).not.toBe(first);
    expect((await currentUser(first)).status).toBe(401);
    expect((await currentUser(second)).status).toBe(200);

    const logout = await appFetch("/api/auth/logout", {
      method: "POST",
      headers: { Cookie: second, Origin: ORIGIN, Accept: "application/json" },
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join()).toMatch(
      /qr_session=;.*Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
    // Replaying the old cookie after sign-out gets nothing.
    expect((await currentUser(second)).status).toBe(401);
  });

  it("limits sign-in attempts per account with a 429 and a clear message", async () => {
    const { person } = await signUp();
    // The local rate limiter counts in fixed minutes: start early in one, so that the 13
    // attempts below all fall into the same minute on a busy machine too.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((done) => setTimeout(done, 60_500 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await postJson("/api/auth/signin", {
        email: person.email,
        password: `guess ${i}`,
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toMatchObject({
          message: "Too many attempts. Please wait a minute and try again.",
        });
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits until the minute is over.
    const right = await postJson("/api/auth/signin", person);
    expect(right.status).toBe(429);
  }, 60_000);

  it("refuses a filled-in honeypot", async () => {
    const response = await postJson("/api/auth/signup", { ...newPerson(), contactTime: "now" });
    expect(response.status).toBe(400);
  });
});

describe("cross-site requests", () => {
  it("are refused for JSON and form posts alike", async () => {
    const person = newPerson();
    const json = await appFetch("/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify(person),
    });
    expect(json.status).toBe(403);
    expect(await json.json()).toMatchObject({ code: "FORBIDDEN" });

    const form = await appFetch("/auth?mode=signup", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
      body: new URLSearchParams({ intent: "signup", ...person }),
    });
    expect(form.status).toBe(403);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?")
        .bind(person.email)
        .first("n"),
    ).toBe(0);
  });
});

describe("the pages without JavaScript", () => {
  async function postForm(path: string, fields: Record<string, string>, cookie?: string) {
    return appFetch(path, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "CF-Connecting-IP": newAddress(),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
  }

  it("sign up, see the greeting and the menu, sign out, sign in again", async () => {
    const person = newPerson();
    const signUpResponse = await postForm("/auth?mode=signup", {
      intent: "signup",
      plan: "free",
      ...person,
    });
    expect(signUpResponse.status).toBe(303);
    expect(signUpResponse.headers.get("Location")).toBe("/");
    const session = cookieFrom(signUpResponse, "qr_session")!;
    const flash = cookieFrom(signUpResponse, "qr_flash")!;

    const home = await appFetch("/", { headers: { Cookie: `${session}; ${flash}` } });
    const homeText = textOf(await home.text());
    expect(homeText).toContain("Account created successfully! Welcome to QR Code Creator!");
    expect(homeText).toContain(person.email);
    expect(home.headers.getSetCookie().join()).toMatch(/qr_flash=;/);

    const dashboard = await appFetch("/dashboard", { headers: { Cookie: session } });
    expect(textOf(await dashboard.text())).toContain("Welcome back, Ada");

    const logout = await postForm("/api/auth/logout", {}, session);
    expect(logout.status).toBe(303);
    const after = await appFetch("/dashboard", { headers: { Cookie: session } });
    expect(textOf(await after.text())).toContain("Sign in to view your dashboard");

    const signIn = await postForm("/auth?mode=signin", {
      intent: "signin",
      email: person.email,
      password: person.password,
      redirect: "/dashboard",
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("Location")).toBe("/dashboard");
  });

  it("shows the reason next to each field and keeps what was typed, except the password", async () => {
    const response = await postForm("/auth?mode=signup", {
      intent: "signup",
      firstName: "Grace",
      lastName: "",
      email: "grace@",
      password: "short",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("Last name is required");
    expect(text).toContain("Invalid email address");
    expect(text).toContain("Password must be at least 8 characters");
    expect(html).toContain('value="Grace"');
    expect(html).not.toContain('value="short"');
  });

  it("a paid plan in the link shows the trial banner and starts the trial", async () => {
    const page = await appFetch("/auth?mode=signup&plan=premium");
    expect(textOf(await page.text())).toContain("Start your 7-day Premium trial.");
    const person = newPerson();
    const response = await postForm("/auth?mode=signup&plan=premium", {
      intent: "signup",
      plan: "premium",
      ...person,
    });
    const me = await currentUser(cookieFrom(response, "qr_session")!);
    expect(await me.json()).toMatchObject({ subscriptionPlan: "premium", isTrialActive: true });
  });

  it("never redirects to another site after signing in", async () => {
    const { person } = await signUp();
    for (const target of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const response = await postForm("/auth?mode=signin", {
        intent: "signin",
        ...person,
        redirect: target,
      });
      expect(response.headers.get("Location")).toBe("/");
    }
  });
});

describe("demo sign-in", () => {
  it("signs in to a premium demo account, shown on /auth-test", async () => {
    const response = await postJson("/api/auth/demo", { plan: "premium" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ subscriptionPlan: "premium" });
    const page = await appFetch("/auth-test", {
      headers: { Cookie: cookieFrom(response, "qr_session")! },
    });
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain("demo-premium@demo.qrcodecreator.app");
  });
});

describe("sign-up attempts per network address", () => {
  it("are limited to 10 a minute from one real address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await postJson("/api/auth/signup", newPerson(), { ip: "198.51.100.200" });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
