import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson, signUp } from "./accounts";
import { appFetch, generate, ORIGIN, SCAN_QUEUE_WAIT } from "./app";
import { landOn, pageText, postForm } from "./forms";
import { latestMail, linkFrom } from "./mail";
import { dance } from "./oidc";

// /account without JavaScript: every form is a plain post, every success a redirect with a
// message, every problem the page again with the field's message.

async function me(cookie: string) {
  const response = await appFetch("/api/auth/user", { headers: { Cookie: cookie } });
  return response.ok
    ? response.json<{ id: string; email: string; firstName: string; lastName: string }>()
    : null;
}

const signIn = (email: string, password: string) =>
  postJson("/api/auth/signin", { email, password });

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** Asks for the move to `newEmail` and returns the link sent there. */
async function requestChange(cookie: string, password: string, newEmail: string) {
  const response = await postForm(
    "/account",
    { intent: "email", newEmail, currentPassword: password },
    cookie,
  );
  expect(response.status).toBe(303);
  const to = newEmail.toLowerCase();
  return { response, link: await linkFrom(to, /Confirm your new e-mail address/) };
}

describe("the account settings page", () => {
  it("sends a visitor to sign in and back", async () => {
    for (const path of ["/account", "/account/export"]) {
      const response = await appFetch(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(
        `/auth?mode=signin&redirect=${encodeURIComponent(path)}`,
      );
    }
    const post = await postForm("/account", { intent: "delete", confirmEmail: "x@example.com" });
    expect(post.status).toBe(303);
    expect(post.headers.get("Location")).toBe("/auth?mode=signin&redirect=%2Faccount");
  });

  it("is in the user menu, between Manage Plan and Support (issue #19)", async () => {
    const { cookie } = await signUp();
    const html = await (await appFetch("/", { headers: { Cookie: cookie } })).text();
    const menu = textOf(html.slice(html.indexOf('class="user-menu-panel"')));
    expect(menu).toMatch(/Manage Plan Account settings Support Sign out/);
    expect(html).toContain('href="/account"');
  });

  it("changes the first and last name, and says what is missing", async () => {
    const { cookie } = await signUp();
    const saved = await postForm(
      "/account",
      { intent: "profile", firstName: " Augusta ", lastName: "King" },
      cookie,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/account");
    expect(await landOn(saved, cookie)).toContain("Name saved");
    expect(await me(cookie)).toMatchObject({ firstName: "Augusta", lastName: "King" });

    const empty = await postForm(
      "/account",
      { intent: "profile", firstName: "", lastName: " " },
      cookie,
    );
    expect(empty.status).toBe(400);
    const text = textOf(await empty.text());
    expect(text).toContain("First name is required");
    expect(text).toContain("Last name is required");
    expect(await me(cookie)).toMatchObject({ firstName: "Augusta", lastName: "King" });
  });
});

describe("the time zone (issue #30)", () => {
  it("keeps the chosen zone, shows dates in it whatever the browser says, and refuses a made-up one", async () => {
    const { cookie } = await signUp();
    // Until one is chosen, the page offers the zone the browser reported.
    const before = await (
      await appFetch("/account", { headers: { Cookie: `${cookie}; tz=Asia%2FTokyo` } })
    ).text();
    expect(before).toMatch(/<option value="Asia\/Tokyo" selected="">/);
    expect(textOf(before)).toContain("You have not chosen one: pages use Asia/Tokyo");

    const saved = await postForm(
      "/account",
      { intent: "time-zone", timeZone: "america/new_york" },
      cookie,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/account");
    expect(await landOn(saved, cookie)).toContain(
      "Dates and analytics are now shown in America/New_York.",
    );
    const row = await env.DB.prepare(
      "SELECT time_zone FROM users WHERE email = (SELECT email FROM users ORDER BY created_at DESC LIMIT 1)",
    ).first<{ time_zone: string }>();
    expect(row?.time_zone).toBe("America/New_York");
    // The account's zone wins over the browser's cookie, in the page and in the shell's data.
    const after = await (
      await appFetch("/account", { headers: { Cookie: `${cookie}; tz=Asia%2FTokyo` } })
    ).text();
    expect(after).toMatch(/<option value="America\/New_York" selected="">/);
    expect(textOf(after)).toContain("Dates, times and analytics are shown in America/New_York.");

    for (const bad of ["Mars/Olympus", "", "x".repeat(100)]) {
      const refused = await postForm("/account", { intent: "time-zone", timeZone: bad }, cookie);
      expect(refused.status).toBe(400);
      expect(textOf(await refused.text())).toMatch(/Choose (a|your) time zone/);
    }
    const still = await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE time_zone = 'America/New_York'",
    ).first<{ n: number }>();
    expect(still?.n).toBeGreaterThanOrEqual(1);
  });
});

describe("changing the e-mail address", () => {
  it("sends a link to the new address and a notice to the old one; the address changes when the link is confirmed", async () => {
    const { person, cookie } = await signUp();
    const newEmail = uniqueEmail("NEW").toUpperCase();
    const lower = newEmail.toLowerCase();
    const { response, link } = await requestChange(cookie, person.password, newEmail);
    expect(link).toMatch(/^\/account\/confirm-email\?token=[A-Za-z0-9_-]{43}$/);
    const confirmMail = await latestMail(lower, /Confirm your new e-mail address/);
    expect(confirmMail!.links[0]).toBe(`${ORIGIN}${link}`);
    const notice = await latestMail(person.email, /e-mail address is being changed/);
    expect(notice!.text).toContain(lower);

    const page = await landOn(response, cookie);
    expect(page).toContain(`We sent a link to ${lower}. Your address changes when you open it.`);
    // Nothing has changed yet, and opening the link (as a mail scanner would) changes nothing.
    const opened = await appFetch(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    expect(textOf(await opened.text())).toContain(`Use ${lower}`);
    expect(await me(cookie)).toMatchObject({ email: person.email });

    const token = new URL(link, ORIGIN).searchParams.get("token")!;
    const confirmed = await postForm(link, { token }, cookie);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/account");
    const settings = await landOn(confirmed, cookie);
    expect(settings).toContain("Email address changed");
    expect(settings).toContain(`${lower} Verified`);
    expect(await me(cookie)).toMatchObject({ email: lower });

    expect((await signIn(lower, person.password)).status).toBe(200);
    expect((await signIn(person.email, person.password)).status).toBe(401);

    // The link works once.
    const replayed = await postForm(link, { token });
    expect(replayed.status).toBe(410);
    expect(textOf(await replayed.text())).toContain("This link was already used");
    expect((await appFetch(link)).status).toBe(410);
  });

  it("answers broken, withdrawn and expired links with a page that says so", async () => {
    const { person, cookie } = await signUp();
    for (const broken of ["/account/confirm-email", "/account/confirm-email?token=nonsense"]) {
      const response = await appFetch(broken);
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain("This link does not work");
    }
    const invalidPost = await postForm("/account/confirm-email", { token: "x".repeat(43) });
    expect(invalidPost.status).toBe(400);

    const first = await requestChange(cookie, person.password, uniqueEmail("first"));
    // Asking again withdraws the first link.
    const second = await requestChange(cookie, person.password, uniqueEmail("second"));
    expect((await appFetch(first.link)).status).toBe(410);

    await env.DB.prepare(
      "UPDATE account_tokens SET expires_at = ? WHERE purpose = 'change_email' AND used_at IS NULL",
    )
      .bind(Date.now() - 1000)
      .run();
    const expired = await appFetch(second.link);
    expect(expired.status).toBe(410);
    expect(textOf(await expired.text())).toContain("This link has expired");
    const token = new URL(second.link, ORIGIN).searchParams.get("token")!;
    expect((await postForm(second.link, { token }, cookie)).status).toBe(410);
    expect(await me(cookie)).toMatchObject({ email: person.email });
  });

  it("refuses a wrong current password, the same address and one another account has", async () => {
    const { person, cookie } = await signUp();
    const other = await signUp();
    const attempt = (fields: Record<string, string>) =>
      postForm("/account", { intent: "email", ...fields }, cookie);

    const wrong = await attempt({ newEmail: uniqueEmail("x"), currentPassword: "not my password" });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("Your current password is not correct");

    const same = await attempt({
      newEmail: person.email.toUpperCase(),
      currentPassword: person.password,
    });
    expect(same.status).toBe(400);
    expect(textOf(await same.text())).toContain("This is already your e-mail address.");

    const taken = await attempt({
      newEmail: other.person.email,
      currentPassword: person.password,
    });
    expect(taken.status).toBe(409);
    expect(textOf(await taken.text())).toContain("An account with this email already exists.");

    const invalid = await attempt({ newEmail: "not an address", currentPassword: "" });
    expect(invalid.status).toBe(400);
    const text = textOf(await invalid.text());
    expect(text).toContain("Invalid email address");
    expect(text).toContain("Enter your current password");
    expect(await latestMail(other.person.email, /Confirm your new/)).toBeUndefined();
  });

  it("says clearly when an address was taken between the request and the click", async () => {
    const { person, cookie } = await signUp();
    const wanted = uniqueEmail("wanted");
    const { link } = await requestChange(cookie, person.password, wanted);
    await signUp({ ...newPerson(), email: wanted });

    const token = new URL(link, ORIGIN).searchParams.get("token")!;
    const response = await postForm(link, { token }, cookie);
    expect(response.status).toBe(409);
    expect(textOf(await response.text())).toContain(
      `${wanted} now belongs to another account, so your address was not changed.`,
    );
    expect(await me(cookie)).toMatchObject({ email: person.email });
  });

  it("moves only the account the link was sent for, whoever opens it", async () => {
    const owner = await signUp();
    const bystander = await signUp();
    const newEmail = uniqueEmail("moved");
    const { link } = await requestChange(owner.cookie, owner.person.password, newEmail);

    const token = new URL(link, ORIGIN).searchParams.get("token")!;
    const confirmed = await postForm(link, { token }, bystander.cookie);
    expect(confirmed.status).toBe(303);
    // Not this browser's account: its settings are not where the person goes next.
    expect(confirmed.headers.get("Location")).toBe("/auth?mode=signin&redirect=%2Faccount");
    expect(await me(owner.cookie)).toMatchObject({ email: newEmail });
    expect(await me(bystander.cookie)).toMatchObject({ email: bystander.person.email });
  });

  it("says when the link could not be sent, and sends it again on request", async () => {
    const { person, cookie } = await signUp();
    const newEmail = uniqueEmail("later");
    // The local outbox stands in for the mail provider: without its table, sending fails.
    await env.DB.exec("ALTER TABLE mail_outbox RENAME TO mail_outbox_away");
    let failed: Response;
    try {
      failed = await postForm(
        "/account",
        { intent: "email", newEmail, currentPassword: person.password },
        cookie,
      );
    } finally {
      await env.DB.exec("ALTER TABLE mail_outbox_away RENAME TO mail_outbox");
    }
    expect(failed.status).toBe(503);
    const text = textOf(await failed.text());
    expect(text).toContain(`We could not send the e-mail to ${newEmail}.`);
    expect(text).toContain("Send again");

    const again = await postForm("/account", { intent: "resend-email" }, cookie);
    expect(again.status).toBe(303);
    expect(await landOn(again, cookie)).toContain(`We sent a link to ${newEmail}.`);
    const link = await linkFrom(newEmail, /Confirm your new e-mail address/);
    const token = new URL(link, ORIGIN).searchParams.get("token")!;
    expect((await postForm(link, { token }, cookie)).status).toBe(303);
    expect(await me(cookie)).toMatchObject({ email: newEmail });
  });
});

describe("the password", () => {
  it("changes, ends every other session, keeps this one and says so by e-mail", async () => {
    const { person, cookie } = await signUp();
    const elsewhere = cookieFrom(await signIn(person.email, person.password), "qr_session")!;
    expect(await me(elsewhere)).not.toBeNull();

    const wrong = await postForm(
      "/account",
      { intent: "password", currentPassword: "guess", newPassword: "a brand new password" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("Your current password is not correct");
    const short = await postForm(
      "/account",
      { intent: "password", currentPassword: person.password, newPassword: "short" },
      cookie,
    );
    expect(short.status).toBe(400);
    expect(textOf(await short.text())).toContain("Password must be at least 8 characters");

    const changed = await postForm(
      "/account",
      { intent: "password", currentPassword: person.password, newPassword: "a brand new password" },
      cookie,
    );
    expect(changed.status).toBe(303);
    const fresh = cookieFrom(changed, "qr_session")!;
    expect(fresh).not.toBe(cookie);
    expect(await landOn(changed, fresh)).toContain("Password changed");
    expect(await me(fresh)).toMatchObject({ email: person.email });
    expect((await appFetch("/api/auth/user", { headers: { Cookie: elsewhere } })).status).toBe(401);
    expect((await appFetch("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(401);

    const mail = await latestMail(person.email, /password was changed/);
    expect(mail!.links).toEqual([`${ORIGIN}/forgot-password`]);
    expect((await signIn(person.email, person.password)).status).toBe(401);
    expect((await signIn(person.email, "a brand new password")).status).toBe(200);
  });

  it("can be set for an account that signs in with Google only, which then signs in with it", async () => {
    const email = uniqueEmail("google-only");
    const callback = await dance("/api/auth/google", {
      sub: `google-${email}`,
      email,
      email_verified: true,
      given_name: "Gee",
    });
    const cookie = cookieFrom(callback, "qr_session")!;
    const before = await pageText("/account", cookie);
    expect(before).toContain("Set a password");
    expect(before).not.toContain("Current password");
    expect(before).toMatch(/Google Connected/);
    expect(before).toMatch(/Password Not set/);
    expect((await signIn(email, "my first password")).status).toBe(401);

    const set = await postForm(
      "/account",
      { intent: "password", newPassword: "my first password" },
      cookie,
    );
    expect(set.status).toBe(303);
    expect(await landOn(set, cookieFrom(set, "qr_session"))).toContain("Password set");
    expect((await signIn(email, "my first password")).status).toBe(200);
    const after = await pageText("/account", cookieFrom(set, "qr_session"));
    expect(after).toMatch(/Password Set Google Connected/);
    expect(after).toContain("Current password");
  });
});

describe("signing out everywhere", () => {
  it("ends every session of the account, this one too, and goes to sign in", async () => {
    const { person, cookie } = await signUp();
    const elsewhere = cookieFrom(await signIn(person.email, person.password), "qr_session")!;
    const response = await postForm("/account", { intent: "sign-out-everywhere" }, cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth?mode=signin&logged_out=true");
    expect(cookieFrom(response, "qr_session")).toBe("qr_session=");
    expect(await landOn(response)).toContain("Signed out everywhere");
    expect(await me(cookie)).toBeNull();
    expect(await me(elsewhere)).toBeNull();
    // Signing in again works as before.
    expect((await signIn(person.email, person.password)).status).toBe(200);
  });
});

describe("downloading my data", () => {
  it("is a JSON file of the account's codes with their counts, and nothing secret or anyone else's", async () => {
    const { person, cookie } = await signUp({ ...newPerson("exporter"), plan: "premium" });
    const other = await signUp({ ...newPerson("other"), plan: "premium" });
    const save = (who: string, title: string, url: string, tracked = false) =>
      generate(
        {
          type: "url",
          data: { url },
          customization: { size: 256 },
          title,
          save: "true",
          ...(tracked ? { trackScans: "true" } : {}),
        },
        { cookie: who, headers: { Origin: ORIGIN } },
      ).then(async (response) => {
        expect(response.status).toBe(200);
        return (await response.json<{ id: number }>()).id;
      });
    const tracked = await save(cookie, "Menu", "https://example.com/menu", true);
    await save(cookie, "Plain", "https://example.com/plain");
    await save(other.cookie, "Not yours", "https://example.com/secret-of-someone-else");

    for (let i = 0; i < 2; i++) {
      const download = await appFetch(`/api/qr-codes/${tracked}/download?format=png`, {
        headers: { Cookie: cookie },
      });
      expect(download.status).toBe(200);
    }
    const slug = (await env.DB.prepare("SELECT slug FROM tracked_links WHERE qr_code_id = ?")
      .bind(tracked)
      .first<string>("slug"))!;
    expect((await appFetch(`/s/${slug}`)).status).toBe(302);
    const userId = (await me(cookie))!.id;
    await env.DB.prepare(
      "INSERT INTO billing_events (id, type, user_id, received_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
    )
      .bind(
        `evt_${crypto.randomUUID()}`,
        "customer.subscription.created",
        userId,
        Date.now(),
        `evt_${crypto.randomUUID()}`,
        "customer.subscription.deleted",
        (await me(other.cookie))!.id,
        Date.now(),
      )
      .run();

    let exported!: Response;
    await vi.waitFor(async () => {
      exported = await appFetch("/account/export", { headers: { Cookie: cookie } });
      const body = await exported.clone().json<{ codes: { scans: number }[] }>();
      expect(body.codes.some((code) => code.scans === 1)).toBe(true);
    }, SCAN_QUEUE_WAIT);
    expect(exported.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(exported.headers.get("Cache-Control")).toBe("no-store");
    const today = new Date().toISOString().slice(0, 10);
    expect(exported.headers.get("Content-Disposition")).toBe(
      `attachment; filename="qr-code-creator-data-${today}.json"`,
    );
    const raw = await exported.text();
    const body = JSON.parse(raw);
    expect(body.profile).toMatchObject({
      email: person.email,
      firstName: "Ada",
      emailVerified: false,
    });
    expect(body.subscription).toMatchObject({ plan: "premium", isTrialActive: true });
    expect(body.signIns).toEqual([{ provider: "email", connectedAt: expect.any(String) }]);
    expect(body.codes).toEqual([
      expect.objectContaining({ title: "Plain", downloads: 0, scans: 0, trackedLink: null }),
      expect.objectContaining({
        id: tracked,
        type: "url",
        title: "Menu",
        data: { url: "https://example.com/menu" },
        downloads: 2,
        scans: 1,
        trackedLink: `${ORIGIN}/s/${slug}`,
      }),
    ]);
    expect(body.billingHistory).toEqual([
      { type: "customer.subscription.created", receivedAt: expect.any(String) },
    ]);
    // How the account signs in: the session this request used, no second factor or passkey yet.
    expect(body.profile.language).toBeNull();
    expect(body.security).toEqual({
      twoFactor: { state: "off" },
      passkeys: [],
      sessions: [
        expect.objectContaining({
          method: "password",
          signedInAt: expect.any(String),
          lastUsedAt: expect.any(String),
        }),
      ],
    });
    const token = decodeURIComponent(cookie.split("=").slice(1).join("=").split(";")[0]!);
    const tokenHash = (await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?")
      .bind(userId)
      .first<string>("id"))!;
    for (const secret of [
      token,
      tokenHash,
      person.password,
      "pbkdf2",
      "passwordHash",
      "sessionsRevokedAt",
      "stripe",
      other.person.email,
      "secret-of-someone-else",
      "Not yours",
    ]) {
      expect(raw).not.toContain(secret);
    }
  });
});
