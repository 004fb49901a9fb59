import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { firstText, textOf } from "../support/html";
import { cookieFrom, newPerson, postJson, signUp } from "./accounts";
import { api, makeKey } from "./api-client";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { appFetch, ORIGIN } from "./app";
import { landOn, postForm } from "./forms";
import { latestMail, linkFrom } from "./mail";
import { cookiesOf, dance } from "./oidc";
import { withSettings } from "./settings";

// The full redirect dance against a real local OpenID provider (tests/fakes/oidc-provider.ts),
// through the app's real strategy code (the dance itself is in ./oidc.ts).

async function whoAmI(response: Response) {
  const session = cookieFrom(response, "qr_session");
  if (!session) return null;
  const me = await appFetch("/api/auth/user", { headers: { Cookie: session } });
  return me.ok ? me.json<{ id: string; email: string; firstName: string }>() : null;
}

/** The text a person sees on the sign-in page the failed callback sent them to. */
async function signInPageAfter(response: Response) {
  const page = await appFetch(response.headers.get("Location")!, {
    headers: { Cookie: cookiesOf(response) },
  });
  return textOf(await page.text());
}

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe("OpenID Connect and Google sign-in", () => {
  it("the developer-platform sign-in creates an account and a session, and comes back where asked", async () => {
    const email = uniqueEmail("platform");
    const response = await dance(
      "/api/login",
      {
        sub: `platform-${email}`,
        email,
        email_verified: true,
        given_name: "Plat",
        family_name: "Form",
      },
      { startQuery: "?redirect=%2Fdashboard" },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await whoAmI(response)).toMatchObject({ email, firstName: "Plat" });
  });

  it("Google sign-in works the same way, and a second visit finds the same account", async () => {
    const email = uniqueEmail("google");
    const claims = { sub: `google-${email}`, email, email_verified: true, given_name: "Gee" };
    const first = await whoAmI(await dance("/api/auth/google", claims));
    const second = await whoAmI(await dance("/api/auth/google", claims));
    expect(first).toMatchObject({ email, firstName: "Gee" });
    expect(second!.id).toBe(first!.id);
  });

  it("refuses a forged state", async () => {
    const email = uniqueEmail("forged");
    const response = await dance(
      "/api/login",
      { sub: `x-${email}`, email, email_verified: true },
      { forgeState: true },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth?mode=signin");
    expect(cookieFrom(response, "qr_session")).toBeNull();
  });

  it("refuses an ID token meant for another client, or from another issuer", async () => {
    for (const claims of [{ aud: "someone-else" }, { iss: "https://evil.example" }]) {
      const email = uniqueEmail("badtoken");
      const response = await dance("/api/login", {
        sub: `x-${email}`,
        email,
        email_verified: true,
        ...claims,
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/auth?mode=signin");
      expect(cookieFrom(response, "qr_session")).toBeNull();
    }
  });

  it("links a verified address to the existing e-mail account instead of making a second one", async () => {
    const { person, cookie } = await signUp();
    const existing = await (
      await appFetch("/api/auth/user", { headers: { Cookie: cookie } })
    ).json<{ id: string }>();
    const linked = await whoAmI(
      await dance("/api/auth/google", {
        sub: `google-${person.email}`,
        email: person.email,
        email_verified: true,
      }),
    );
    expect(linked!.id).toBe(existing.id);
  });

  it("does not let an unverified address take over an existing account", async () => {
    const { person } = await signUp();
    const response = await dance("/api/login", {
      sub: `p-${person.email}`,
      email: person.email,
      email_verified: false,
    });
    expect(response.status).toBe(303);
    expect(cookieFrom(response, "qr_session")).toBeNull();
    const page = await appFetch("/auth?mode=signin", { headers: { Cookie: cookiesOf(response) } });
    expect(textOf(await page.text())).toContain("Sign in with your email and password first.");
  });

  it("does not link an unverified provider address to a verified account either", async () => {
    const { person, cookie } = await signUp();
    const verify = await linkFrom(person.email, /Confirm your e-mail address/);
    expect((await appFetch(verify)).status).toBe(303);
    for (const start of ["/api/auth/google", "/api/login"] as const) {
      for (const email_verified of [false, "false", undefined]) {
        const response = await dance(start, {
          sub: `claimer-${start}-${String(email_verified)}-${person.email}`,
          email: person.email.toUpperCase(),
          email_verified,
        });
        expect(cookieFrom(response, "qr_session"), `${start} ${email_verified}`).toBeNull();
      }
    }
    const me = await (
      await appFetch("/api/auth/user", { headers: { Cookie: cookie } })
    ).json<{ id: string }>();
    const ways = await env.DB.prepare("SELECT provider FROM auth_identities WHERE user_id = ?")
      .bind(me.id)
      .all<{ provider: string }>();
    expect(ways.results.map((way) => way.provider)).toEqual(["email"]);
  });

  it("sends someone who cancels at the provider back to sign in, with a message", async () => {
    const started = await appFetch("/api/login");
    const state = new URL(started.headers.get("Location")!).searchParams.get("state")!;
    const response = await appFetch(
      `/api/callback?error=access_denied&error_description=User+cancelled&state=${state}`,
      { headers: { Cookie: cookiesOf(started) } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth?mode=signin");
    expect(cookieFrom(response, "qr_session")).toBeNull();
    const page = await signInPageAfter(response);
    expect(page).toContain("Signin failed");
    expect(page).toContain("The sign-in was not completed. Please try again.");
  });

  it("explains an unreachable provider instead of failing", async () => {
    const response = await withSettings({ OIDC_ISSUER: "http://127.0.0.1:9" }, () =>
      appFetch("/api/login"),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth?mode=signin");
    expect(await signInPageAfter(response)).toContain(
      "The sign-in provider could not be reached. Please try again.",
    );
  });

  it("shows a clear page, not a crash, when the operator has not configured a provider", async () => {
    const cases = [
      { path: "/api/auth/google", name: "Google", missing: "GOOGLE_CLIENT_SECRET" },
      {
        path: "/api/auth/google/callback?code=x&state=y",
        name: "Google",
        missing: "GOOGLE_CLIENT_ID",
      },
      { path: "/api/login", name: "Developer platform", missing: "OIDC_ISSUER" },
      {
        path: "/api/callback?code=x&state=y",
        name: "Developer platform",
        missing: "OIDC_CLIENT_SECRET",
      },
    ];
    for (const { path, name, missing } of cases) {
      const response = await withSettings({ [missing]: undefined }, () => appFetch(path));
      expect(response.status, path).toBe(503);
      const html = await response.text();
      expect(firstText(html, "title")).toBe(`${name} sign-in is not configured · QR Code Creator`);
      expect(firstText(html, "h1")).toBe(`${name} sign-in is not configured`);
      expect(textOf(html)).toContain(missing);
      expect(textOf(html)).toContain("Sign in with email");
      expect(html).not.toMatch(/\bat \S+\.js:\d+/);
    }
  });
});

// Issue #27 item 10: someone registers a victim's address with a password before the victim
// ever signs up (pre-hijacking). When the victim later signs in through a provider that proves
// the address, the account is theirs alone: the unproven password, the squatter's sessions and
// any link they asked for are gone.
describe("a provider sign-in takes back an account whose address was never confirmed", () => {
  const password = (email: string, secret: string) =>
    postJson("/api/auth/signin", { email, password: secret });

  for (const start of ["/api/auth/google", "/api/login"] as const) {
    it(`through ${start}: the squatter's password, sessions, links and keys end`, async () => {
      const { person, cookie: squatter } = await signUp({ ...newPerson(), plan: "ultimate" });
      const me = await (
        await appFetch("/api/auth/user", { headers: { Cookie: squatter } })
      ).json<{ id: string }>();
      const key = await makeKey({ id: me.id, email: person.email, cookies: squatter });
      // (Not used yet here: a key used in the last seconds stays in this isolate's cache.)
      // The squatter also asks to move the account to an address of their own.
      const thief = uniqueEmail("thief");
      const asked = await postForm(
        "/account",
        { intent: "email", newEmail: thief, currentPassword: person.password },
        squatter,
      );
      expect(asked.status).toBe(303);
      const moveLink = await linkFrom(thief, /Confirm your new e-mail address/);

      const response = await dance(start, {
        sub: `victim-${person.email}`,
        email: person.email,
        email_verified: true,
        given_name: "Victoria",
      });
      expect(response.status).toBe(303);
      const victim = await whoAmI(response);
      expect(victim).toMatchObject({ email: person.email });
      expect(await landOn(response, cookieFrom(response, "qr_session"))).toContain(
        "the account's password was removed and every other device signed out",
      );

      expect((await appFetch("/api/auth/user", { headers: { Cookie: squatter } })).status).toBe(
        401,
      );
      expect((await password(person.email, person.password)).status).toBe(401);
      const moved = await postForm(moveLink, {
        token: new URL(moveLink, "https://x.test").searchParams.get("token")!,
      });
      expect(moved.status).toBe(410);
      const row = await env.DB.prepare(
        "SELECT email, email_verified, password_hash FROM users WHERE id = ?",
      )
        .bind(victim!.id)
        .first();
      expect(row).toEqual({ email: person.email, email_verified: 1, password_hash: null });
      const ways = await env.DB.prepare("SELECT provider FROM auth_identities WHERE user_id = ?")
        .bind(victim!.id)
        .all<{ provider: string }>();
      expect(ways.results.map((way) => way.provider)).toEqual([
        start === "/api/login" ? "oidc" : "google",
      ]);
      expect((await api(key, "GET", "/qr-codes")).status).toBe(401);
      // The victim's own session goes on.
      expect(await whoAmI(response)).toMatchObject({ id: victim!.id });
    });
  }

  it("the squatter's webhook endpoints stop with the take-back: no lasting feed of the account", async () => {
    const { person, cookie: squatter } = await signUp({ ...newPerson(), plan: "ultimate" });
    const me = await (
      await appFetch("/api/auth/user", { headers: { Cookie: squatter } })
    ).json<{ id: string }>();
    const url = `${env.FAKE_WEBHOOK_RECEIVER_URL}/hook/squatter-${crypto.randomUUID().slice(0, 8)}`;
    const body = new URLSearchParams({
      workspace: personalWorkspaceId(me.id),
      intent: "add-endpoint",
      url,
    });
    body.append("events", "qr_code.created");
    const added = await appFetch("/dashboard?tab=integrations", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: squatter },
      body,
    });
    expect(added.status).toBe(200);
    const enabled = () =>
      env.DB.prepare("SELECT enabled FROM webhook_endpoints WHERE url = ?")
        .bind(url)
        .first<number>("enabled");
    expect(await enabled()).toBe(1);

    const response = await dance("/api/auth/google", {
      sub: `owner-${person.email}`,
      email: person.email,
      email_verified: true,
    });
    expect(await whoAmI(response)).toMatchObject({ id: me.id });
    expect(await enabled()).toBe(0);
  });

  it("a password reset takes back an account a provider made from an unverified address", async () => {
    // The other way round: the squatter signs in through the developer platform with the
    // victim's address, unverified there, and an account is made. The victim cannot sign up
    // ("already exists"), so they reset the password through their inbox. The reset proves the
    // address; the squatter's provider link, sessions and keys must end with it.
    const email = uniqueEmail("prehijack");
    const squatted = await dance("/api/login", {
      sub: `squatter-${email}`,
      email,
      email_verified: false,
    });
    const squatter = cookieFrom(squatted, "qr_session")!;
    const made = await whoAmI(squatted);
    expect(made).toMatchObject({ email });
    await env.DB.prepare(
      "UPDATE users SET subscription_plan = 'ultimate', is_trial_active = 1, trial_start_date = ?, trial_end_date = ? WHERE id = ?",
    )
      .bind(Date.now() - 60_000, Date.now() + 86_400_000, made!.id)
      .run();
    const key = await makeKey({ id: made!.id, email, cookies: squatter });

    expect((await postForm("/forgot-password", { email })).status).toBe(303);
    await expect
      .poll(async () => (await latestMail(email, /Reset your .* password/)) !== undefined)
      .toBe(true);
    const reset = await linkFrom(email, /Reset your .* password/);
    const done = await postForm("/reset-password", {
      token: new URL(reset, "https://x.test").searchParams.get("token")!,
      password: "the victim's own password",
    });
    expect(done.status).toBe(303);
    expect((await password(email, "the victim's own password")).status).toBe(200);

    expect((await appFetch("/api/auth/user", { headers: { Cookie: squatter } })).status).toBe(401);
    const again = await dance("/api/login", {
      sub: `squatter-${email}`,
      email,
      email_verified: false,
    });
    expect(await whoAmI(again)).not.toMatchObject({ id: made!.id });
    const ways = await env.DB.prepare("SELECT provider FROM auth_identities WHERE user_id = ?")
      .bind(made!.id)
      .all<{ provider: string }>();
    expect(ways.results.map((way) => way.provider)).toEqual(["email"]);
    expect((await api(key, "GET", "/qr-codes")).status).toBe(401);
  });

  it("an account that proved its address keeps its password and sessions when linked", async () => {
    const { person, cookie } = await signUp();
    const verify = await linkFrom(person.email, /Confirm your e-mail address/);
    expect((await appFetch(verify)).status).toBe(303);
    const response = await dance("/api/auth/google", {
      sub: `owner-${person.email}`,
      email: person.email,
      email_verified: true,
    });
    expect(await whoAmI(response)).toMatchObject({ email: person.email });
    expect((await appFetch("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await password(person.email, person.password)).status).toBe(200);
  });
});
