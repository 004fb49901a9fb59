import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { ageSessions, cookieFrom, demoSession, postJson, signUp } from "./accounts";
import { appFetch } from "./app";
import { landOn, pageText, postForm } from "./forms";
import { latestMail } from "./mail";
import { dance } from "./oidc";
import { codeAt, passwordStep, personWithTwoFactor, setUpTwoFactor } from "./two-factor";

// Two-factor sign-in (issue #31) as people meet it: turning it on at /account, the second step
// after the password, recovery codes, trusted browsers, and turning it off.

const secondStep = (challenge: string, fields: Record<string, string>, cookie = "") =>
  postForm("/signin/two-factor", fields, [challenge, cookie].filter(Boolean).join("; "));

describe("turning two-factor sign-in on", () => {
  it("shows the secret and our QR code until the first code, then the recovery codes once, and e-mails", async () => {
    const { person, cookie } = await personWithTwoFactor();
    const account = await pageText("/account", cookie);
    expect(account).toContain("On since");
    expect(account).toContain("10 unused recovery codes left");
    // Never again on the page once set-up is confirmed.
    const html = await (await appFetch("/account", { headers: { Cookie: cookie } })).text();
    expect(html).not.toContain("two-factor-secret");
    expect(await latestMail(person.email, /Two-factor sign-in was turned on/)).toBeDefined();
  });

  it("refuses a wrong first code and stays off", async () => {
    const { cookie } = await signUp();
    await postForm("/account", { intent: "two-factor", step: "start" }, cookie);
    const wrong = await postForm(
      "/account",
      { intent: "two-factor", step: "confirm", code: "000000" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("That code is not the one your app shows");
  });
});

describe("the second step of signing in", () => {
  it("starts no session after the password, then signs in with the app's code", async () => {
    const { person, key } = await personWithTwoFactor();
    const challenge = await passwordStep(person);
    expect(await pageText("/signin/two-factor", challenge)).toContain("Authentication code");

    const wrong = await secondStep(challenge, { code: "123456" });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("That code is not right");

    const done = await secondStep(challenge, { code: codeAt(key, 30) });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/dashboard");
    const session = cookieFrom(done, "qr_session")!;
    expect(await landOn(done, session)).toContain("Welcome back, Ada");

    // The same challenge again (a replay) is spent.
    const replay = await secondStep(challenge, { code: codeAt(key, 30) });
    expect(replay.status).toBe(401);
    expect(textOf(await replay.text())).toContain("expired or was already used");
  });

  it("refuses an expired challenge", async () => {
    const { person, key, userId } = await personWithTwoFactor();
    const challenge = await passwordStep(person);
    await env.DB.prepare("UPDATE two_factor_challenges SET expires_at = 0 WHERE user_id = ?")
      .bind(userId)
      .run();
    const late = await secondStep(challenge, { code: codeAt(key, 30) });
    expect(late.status).toBe(401);
    expect(cookieFrom(late, "qr_session")).toBeNull();
  });

  it("ends a challenge after 5 wrong codes, even if the sixth is right", async () => {
    const { person, key } = await personWithTwoFactor();
    const challenge = await passwordStep(person);
    for (let i = 1; i <= 4; i++) {
      const wrong = await secondStep(challenge, { code: "000000" });
      expect(wrong.status).toBe(400);
      expect(textOf(await wrong.text())).toContain(`${5 - i} attempt`);
    }
    const fifth = await secondStep(challenge, { code: "000000" });
    expect(fifth.status).toBe(429);
    expect(textOf(await fifth.text())).toContain("Too many wrong codes");
    const sixth = await secondStep(challenge, { code: codeAt(key, 30) });
    expect(sixth.status).toBe(429);
    expect(cookieFrom(sixth, "qr_session")).toBeNull();
  });

  it("takes a recovery code once, and e-mails that it was used", async () => {
    const { person, recoveryCodes } = await personWithTwoFactor();
    const first = await secondStep(await passwordStep(person), {
      code: recoveryCodes[0]!.toUpperCase(),
    });
    expect(first.status).toBe(303);
    expect(cookieFrom(first, "qr_session")).not.toBeNull();
    const mail = await latestMail(person.email, /A recovery code was used/);
    expect(mail?.text).toContain("9 unused recovery codes left");

    const again = await secondStep(await passwordStep(person), { code: recoveryCodes[0]! });
    expect(again.status).toBe(400);
    expect(cookieFrom(again, "qr_session")).toBeNull();
  });

  it("answers the JSON sign-in with a 401 that names the second step's page", async () => {
    const { person, key } = await personWithTwoFactor();
    const response = await postJson("/api/auth/signin", {
      email: person.email,
      password: person.password,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      code: "TWO_FACTOR_REQUIRED",
      secondStep: "/signin/two-factor",
    });
    expect(cookieFrom(response, "qr_session")).toBeNull();
    // The browser it answered carries the challenge to the second step's page.
    const challenge = cookieFrom(response, "qr_2fa_challenge")!;
    const done = await secondStep(challenge, { code: codeAt(key, 30) });
    expect(done.status).toBe(303);
    expect(cookieFrom(done, "qr_session")).not.toBeNull();
  });
});

describe("attacks on the second step", () => {
  it("refuses a forged challenge cookie, another account's recovery code and a cross-site post", async () => {
    const { person, key } = await personWithTwoFactor();
    const other = await personWithTwoFactor();
    const challenge = await passwordStep(person);

    const forged = await secondStep("qr_2fa_challenge=not-a-signed-token", {
      code: codeAt(key, 30),
    });
    expect(forged.status).toBe(401);
    expect(cookieFrom(forged, "qr_session")).toBeNull();

    const borrowed = await secondStep(challenge, { code: other.recoveryCodes[0]! });
    expect(borrowed.status).toBe(400);
    expect(cookieFrom(borrowed, "qr_session")).toBeNull();

    const crossSite = await appFetch("/signin/two-factor", {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: challenge },
      body: new URLSearchParams({ code: codeAt(key, 30) }),
    });
    expect(crossSite.status).toBe(403);
    expect(cookieFrom(crossSite, "qr_session")).toBeNull();
  });
});

describe("the demo sign-in", () => {
  it("takes the second step too when the demo account has two-factor sign-in on", async () => {
    const cookie = await demoSession("ultimate");
    const { key } = await setUpTwoFactor(cookie);
    const json = await postJson("/api/auth/demo", { plan: "ultimate" });
    expect(json.status).toBe(401);
    expect(cookieFrom(json, "qr_session")).toBeNull();
    const form = await postForm("/api/auth/demo", { plan: "ultimate" });
    expect(form.status).toBe(303);
    expect(form.headers.get("Location")).toBe("/signin/two-factor");
    const done = await secondStep(cookieFrom(form, "qr_2fa_challenge")!, {
      code: codeAt(key, 30),
    });
    expect(done.headers.get("Location")).toBe("/auth-test");
    expect(cookieFrom(done, "qr_session")).not.toBeNull();
  });
});

describe("trusting a browser for 30 days", () => {
  it("skips the second step for that account only, until the password changes", async () => {
    const { person, key, cookie } = await personWithTwoFactor();
    const done = await secondStep(await passwordStep(person), {
      code: codeAt(key, 30),
      trust: "on",
    });
    const trust = cookieFrom(done, "qr_2fa_trust")!;
    expect(trust).toBeTruthy();

    const trusted = await postForm(
      "/auth?mode=signin",
      { intent: "signin", email: person.email, password: person.password },
      trust,
    );
    expect(trusted.status).toBe(303);
    expect(cookieFrom(trusted, "qr_session")).not.toBeNull();

    // Bound to the account: another account with two-factor on is still asked.
    const other = await personWithTwoFactor();
    await passwordStep(other.person, trust);

    // A new password revokes it.
    const changed = await postForm(
      "/account",
      { intent: "password", currentPassword: person.password, newPassword: "a new long password" },
      cookie,
    );
    expect(changed.status).toBe(303);
    await passwordStep({ email: person.email, password: "a new long password" }, trust);
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs the password and a code, then signs in with the password alone", async () => {
    const { person, cookie, recoveryCodes } = await personWithTwoFactor();
    const noPassword = await postForm(
      "/account",
      { intent: "two-factor", step: "disable", currentPassword: "wrong", code: recoveryCodes[1]! },
      cookie,
    );
    expect(noPassword.status).toBe(400);
    expect(textOf(await noPassword.text())).toContain("Your current password is not correct");

    const noCode = await postForm(
      "/account",
      { intent: "two-factor", step: "disable", currentPassword: person.password, code: "000000" },
      cookie,
    );
    expect(noCode.status).toBe(400);

    const off = await postForm(
      "/account",
      {
        intent: "two-factor",
        step: "disable",
        currentPassword: person.password,
        code: recoveryCodes[1]!,
      },
      cookie,
    );
    expect(off.status).toBe(303);
    expect(await latestMail(person.email, /Two-factor sign-in was turned off/)).toBeDefined();
    const signIn = await postForm("/auth?mode=signin", {
      intent: "signin",
      email: person.email,
      password: person.password,
    });
    expect(cookieFrom(signIn, "qr_session")).not.toBeNull();
  });

  it("a Google-only account needs a recent sign-in and a code; Google's sign-in asks no second step", async () => {
    const email = `google-2fa-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const claims = { sub: `google-${email}`, email, email_verified: true, given_name: "Gee" };
    const cookie = cookieFrom(await dance("/api/auth/google", claims), "qr_session")!;
    const { recoveryCodes } = await setUpTwoFactor(cookie);
    const user = await appFetch("/api/auth/user", { headers: { Cookie: cookie } });
    const userId = (await user.json<{ id: string }>()).id;
    // As if the sign-in had been 6 minutes ago.
    await ageSessions(userId, 6);
    const stale = await postForm(
      "/account",
      { intent: "two-factor", step: "disable", code: recoveryCodes[0]! },
      cookie,
    );
    expect(stale.status).toBe(403);
    expect(textOf(await stale.text())).toContain("sign in again first");

    // The provider's own sign-in is the proof: no second step here, and it is recent.
    const again = cookieFrom(await dance("/api/auth/google", claims), "qr_session");
    expect(again).not.toBeNull();

    const off = await postForm(
      "/account",
      { intent: "two-factor", step: "disable", code: recoveryCodes[0]! },
      again!,
    );
    expect(off.status).toBe(303);
  });

  it("makes new recovery codes with a code; the old ones stop working", async () => {
    const { person, cookie, key, recoveryCodes } = await personWithTwoFactor();
    const fresh = await postForm(
      "/account",
      { intent: "two-factor", step: "regenerate", code: codeAt(key, 30) },
      cookie,
    );
    expect(fresh.status).toBe(200);
    const codes = [...(await fresh.text()).matchAll(/<code>([a-z1-9]{5}-[a-z1-9]{5})<\/code>/g)];
    expect(codes).toHaveLength(10);
    expect(await latestMail(person.email, /New recovery codes/)).toBeDefined();
    const old = await secondStep(await passwordStep(person), { code: recoveryCodes[2]! });
    expect(old.status).toBe(400);
  });
});

// Issue #32: the second step and /account's two-factor forms say their messages in the page's
// language: German here, from the visitor's lang cookie or the account's language.
describe("two-factor sign-in in German", () => {
  it("counts the attempts left, ends the sign-in and refuses an expired one in German", async () => {
    const { person } = await personWithTwoFactor();
    const challenge = await passwordStep(person);
    const wrong = await secondStep(challenge, { code: "000000" }, "lang=de");
    expect(wrong.status).toBe(400);
    const text = textOf(await wrong.text());
    expect(text).toContain("Dieser Code stimmt nicht.");
    expect(text).toContain("Noch 4 Versuche übrig.");
    expect(text).not.toContain("attempts left");
    for (let i = 0; i < 3; i++) await secondStep(challenge, { code: "000000" }, "lang=de");
    const fifth = await secondStep(challenge, { code: "000000" }, "lang=de");
    expect(fifth.status).toBe(429);
    expect(textOf(await fifth.text())).toContain("Zu viele falsche Codes bei dieser Anmeldung.");
    const none = await secondStep("qr_2fa_challenge=forged", { code: "000000" }, "lang=de");
    expect(none.status).toBe(401);
    expect(textOf(await none.text())).toContain("Diese Anmeldung ist abgelaufen");
  });

  it("says one attempt left in English, and welcomes a German account in German after a recovery code", async () => {
    const { person, cookie, recoveryCodes } = await personWithTwoFactor();
    const challenge = await passwordStep(person);
    for (let i = 0; i < 3; i++) await secondStep(challenge, { code: "000000" });
    const last = await secondStep(challenge, { code: "000000" });
    expect(textOf(await last.text())).toContain(
      "That code is not right. Check the 6-digit code in your authenticator app, or enter an unused recovery code. 1 attempt left.",
    );

    await postForm("/language", { lang: "de", next: "/account" }, cookie);
    const done = await secondStep(await passwordStep(person), { code: recoveryCodes[0]! });
    expect(done.status).toBe(303);
    const landed = await landOn(done, cookieFrom(done, "qr_session")!);
    expect(landed).toContain("Willkommen zurück!");
    expect(landed).toContain("Mit einem Wiederherstellungscode angemeldet");
  });

  it("answers /account's two-factor forms of a German account in German", async () => {
    const { cookie } = await signUp();
    await postForm("/language", { lang: "de", next: "/account" }, cookie);
    const start = await postForm("/account", { intent: "two-factor", step: "start" }, cookie);
    expect(await landOn(start, cookie)).toContain("Scanne den Code mit deiner App");
    const wrong = await postForm(
      "/account",
      { intent: "two-factor", step: "confirm", code: "000000" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain(
      "Das ist nicht der Code, den deine App für diesen geheimen Schlüssel anzeigt.",
    );
    const empty = await postForm(
      "/account",
      { intent: "two-factor", step: "confirm", code: "" },
      cookie,
    );
    expect(textOf(await empty.text())).toContain("Gib den 6-stelligen Code aus deiner");
    const off = await postForm("/account", { intent: "two-factor", step: "disable" }, cookie);
    expect(textOf(await off.text())).toContain(
      "Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.",
    );
    const cancel = await postForm("/account", { intent: "two-factor", step: "cancel" }, cookie);
    expect(await landOn(cancel, cookie)).toContain(
      "Die Zwei-Faktor-Anmeldung bleibt ausgeschaltet.",
    );
  });
});
