import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";
import { latestMail, linkFrom, outbox } from "./mail";

// Getting back into an account (issue #14): confirming the address, and a new password through
// a link sent to it. Mail lands in the local outbox, read here as a person reads their inbox.

const VERIFY = /Confirm your e-mail address/;
const RESET = /Reset your .* password/;
const CHANGED = /password was changed/;

const page = (path: string, cookie?: string) =>
  appFetch(path, { headers: cookie ? { Cookie: cookie } : {} });

function post(
  path: string,
  fields: Record<string, string>,
  { cookie, ip = newAddress() }: { cookie?: string; ip?: string } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return appFetch(path, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

const me = async (cookie: string) => {
  const response = await page("/api/auth/user", cookie);
  return {
    status: response.status,
    user: response.status === 200 ? await response.json<{ id: string }>() : null,
  };
};

async function verified(email: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT email_verified FROM users WHERE email = ?")
    .bind(email)
    .first<{ email_verified: number }>();
  return row?.email_verified === 1;
}

async function signIn(email: string, password: string) {
  return postJson("/api/auth/signin", { email, password });
}

describe("confirming the e-mail address", () => {
  it("sends a link on sign-up that confirms the address once", async () => {
    const { person, cookie } = await signUp();
    expect(await verified(person.email)).toBe(false);
    const mail = await latestMail(person.email, VERIFY);
    expect(mail?.text).toContain("Hello Ada,");
    const link = await linkFrom(person.email, VERIFY);
    expect(link).toMatch(/^\/verify-email\?token=[\w-]{43}$/);

    const first = await page(link, cookie);
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/dashboard");
    expect(await verified(person.email)).toBe(true);

    const again = await page(link);
    expect(again.status).toBe(410);
    expect(textOf(await again.text())).toContain("This link has already been used");
  });

  it("refuses an expired or made-up link with a clear page, never a 500", async () => {
    const { person } = await signUp();
    const link = await linkFrom(person.email, VERIFY);
    await env.DB.prepare(
      "UPDATE account_tokens SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1000, person.email)
      .run();
    const expired = await page(link);
    expect(expired.status).toBe(410);
    expect(textOf(await expired.text())).toContain("This link has expired");
    expect(await verified(person.email)).toBe(false);

    for (const bogus of [
      "/verify-email",
      "/verify-email?token=nope",
      `/verify-email?token=${"A".repeat(43)}`,
    ]) {
      const response = await page(bogus);
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain("This link is not valid");
    }
  });

  it("shows the banner to an unconfirmed account only, and resends at most once a minute", async () => {
    const { person, cookie } = await signUp();
    const home = textOf(await (await page("/pricing", cookie)).text());
    expect(home).toContain("Please confirm your e-mail address.");

    const resent = await post("/verify-email", { redirect: "/pricing" }, { cookie });
    expect(resent.status).toBe(303);
    expect(resent.headers.get("Location")).toBe("/pricing");
    // The sign-up's e-mail went out less than a minute ago.
    const flash = cookieFrom(resent, "qr_flash");
    const landed = textOf(await (await page("/pricing", `${cookie}; ${flash}`)).text());
    expect(landed).toContain("Please wait a minute before asking for another e-mail.");
    expect(
      (await outbox()).filter((m) => m.to === person.email && VERIFY.test(m.subject)),
    ).toHaveLength(1);

    // A minute later it goes out, and the newest link works as well as the first.
    await env.DB.prepare(
      "UPDATE account_tokens SET created_at = created_at - 61000 WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(person.email)
      .run();
    const later = await post("/verify-email", { redirect: "/" }, { cookie });
    const later2 = textOf(
      await (await page("/", `${cookie}; ${cookieFrom(later, "qr_flash")}`)).text(),
    );
    expect(later2).toContain("Verification e-mail sent");
    expect(
      (await outbox()).filter((m) => m.to === person.email && VERIFY.test(m.subject)),
    ).toHaveLength(2);

    await page(await linkFrom(person.email, VERIFY));
    const after = textOf(await (await page("/pricing", cookie)).text());
    expect(after).not.toContain("Please confirm your e-mail address.");
  });

  it("never shows the banner to an account whose provider confirmed the address", async () => {
    const demo = await postJson("/api/auth/demo", { plan: "free" });
    const cookie = cookieFrom(demo, "qr_session")!;
    expect(textOf(await (await page("/pricing", cookie)).text())).not.toContain(
      "Please confirm your e-mail address.",
    );
  });
});

describe("forgot password", () => {
  it("answers the same for an address with and without an account, in about the same time", async () => {
    const { person } = await signUp();
    const unknown = newPerson("nobody").email;
    const answers: { status: number; location: string | null }[] = [];
    const timings: Record<string, number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 5; round += 1) {
      for (const [kind, email] of [
        ["known", person.email],
        ["unknown", unknown],
      ] as const) {
        const started = performance.now();
        const response = await post("/forgot-password", { email });
        timings[kind]!.push(performance.now() - started);
        answers.push({ status: response.status, location: response.headers.get("Location") });
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ status: 303, location: "/forgot-password?sent=1" })]),
    );
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    expect(Math.abs(median(timings.known!) - median(timings.unknown!))).toBeLessThan(30);

    const sent = textOf(await (await page("/forgot-password?sent=1")).text());
    expect(sent).toContain(
      "If an account exists for that address, we've sent a link to reset your password.",
    );
    // At most three reset e-mails an hour reach an account, however often it is asked.
    await expect
      .poll(
        async () =>
          (await outbox()).filter((m) => m.to === person.email && RESET.test(m.subject)).length,
      )
      .toBe(3);
    expect((await outbox()).some((m) => m.to === unknown)).toBe(false);
  });

  it("explains an invalid address, and limits requests per address and per network", async () => {
    const invalid = await post("/forgot-password", { email: "not-an-address" });
    expect(invalid.status).toBe(400);
    expect(textOf(await invalid.text())).toContain("Invalid email address");

    const email = newPerson("flood").email;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await post("/forgot-password", { email })).status);
    expect(statuses.slice(0, 10).every((s) => s === 303)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const ip = "198.51.100.77";
    const fromOneNetwork: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      fromOneNetwork.push(
        (await post("/forgot-password", { email: newPerson("net").email }, { ip })).status,
      );
    }
    expect(fromOneNetwork.at(-1)).toBe(429);
    const limited = await post("/forgot-password", { email: newPerson("net").email }, { ip });
    expect(textOf(await limited.text())).toContain(
      "Too many attempts. Please wait a minute and try again.",
    );
  });
});

describe("resetting the password", () => {
  async function resetLinkFor(email: string) {
    expect((await post("/forgot-password", { email })).status).toBe(303);
    await expect.poll(async () => (await latestMail(email, RESET)) !== undefined).toBe(true);
    return linkFrom(email, RESET);
  }

  it("works once: the new password signs in, the old one and every other session do not", async () => {
    const { person, cookie } = await signUp();
    const link = await resetLinkFor(person.email);
    const form = await page(link);
    expect(form.status).toBe(200);
    expect(textOf(await form.text())).toContain("Choose a new password");
    const token = new URL(link, ORIGIN).searchParams.get("token")!;

    // The form posts back to its own address, token and all.
    const tooShort = await post(link, { token, password: "short" });
    expect(tooShort.status).toBe(400);
    expect(textOf(await tooShort.text())).toContain("Password must be at least 8 characters");

    const done = await post("/reset-password", { token, password: "a brand new password" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/auth?mode=signin");

    expect((await signIn(person.email, "a brand new password")).status).toBe(200);
    expect((await signIn(person.email, person.password)).status).toBe(401);
    expect((await me(cookie)).status).toBe(401);
    expect(await verified(person.email)).toBe(true);
    expect((await latestMail(person.email, CHANGED))?.text).toContain(
      "every other session was signed out",
    );

    const replay = await post("/reset-password", { token, password: "yet another password" });
    expect(replay.status).toBe(410);
    expect(textOf(await replay.text())).toContain("This link has already been used");
    expect((await signIn(person.email, "yet another password")).status).toBe(401);
    const reopened = await page(link);
    expect(reopened.status).toBe(410);
  });

  it("refuses a link older than an hour, and one replaced by a newer link", async () => {
    const { person } = await signUp();
    const first = await resetLinkFor(person.email);
    await env.DB.prepare(
      "UPDATE account_tokens SET created_at = created_at - 61000 WHERE purpose = 'reset_password' AND user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(person.email)
      .run();
    const second = await resetLinkFor(person.email);
    expect(second).not.toBe(first);
    expect((await page(first)).status).toBe(410);

    await env.DB.prepare(
      "UPDATE account_tokens SET expires_at = ? WHERE purpose = 'reset_password' AND user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1, person.email)
      .run();
    const token = new URL(second, ORIGIN).searchParams.get("token")!;
    const expired = await post("/reset-password", { token, password: "a brand new password" });
    expect(expired.status).toBe(410);
    expect(textOf(await expired.text())).toContain("This link has expired");
    expect((await signIn(person.email, person.password)).status).toBe(200);
  });
});
