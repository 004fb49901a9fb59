import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { ageSessions, cookieFrom, newPerson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";
import { landOn, pageText, postForm } from "./forms";
import { latestMail } from "./mail";
import { cookiesOf, dance } from "./oidc";

// Passkeys (issue #31) against a software authenticator that builds, by hand, the bytes a real
// one returns: adding one on /account, signing in with it, and the attacks on each step.

/** Cookies as a browser keeps them: later Set-Cookie headers replace earlier ones by name. */
class Jar {
  private cookies = new Map<string, string>();
  constructor(initial = "") {
    this.add(initial);
  }
  add(header: string) {
    for (const pair of header.split("; ").filter(Boolean)) {
      const [name] = pair.split("=");
      this.cookies.set(name!, pair);
    }
  }
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (value === "" || /max-age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
    return response;
  }
  toString() {
    return [...this.cookies.values()].join("; ");
  }
}

async function call(jar: Jar, path: string, body: unknown, origin = ORIGIN) {
  return jar.take(
    await appFetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: origin,
        "CF-Connecting-IP": newAddress(),
        Cookie: jar.toString(),
      },
      body: JSON.stringify(body),
    }),
  );
}

type Options = {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
};

async function registrationOptions(jar: Jar) {
  const response = await call(jar, "/account/passkeys/options", {});
  expect(response.status).toBe(200);
  return response.json<Options & { excludeCredentials: { id: string }[] }>();
}

/** Adds a passkey named `name` with `device` to the account whose cookies `jar` holds. */
async function addPasskey(jar: Jar, device: SoftwareAuthenticator, name = "My laptop") {
  const options = await registrationOptions(jar);
  const response = await device.register(options, { origin: ORIGIN });
  return call(jar, "/account/passkeys/verify", { name, response });
}

async function signInOptions(jar: Jar) {
  const response = await call(jar, "/signin/passkey/options", {});
  expect(response.status).toBe(200);
  return response.json<{ challenge: string; rpId: string; allowCredentials?: unknown[] }>();
}

async function signIn(
  device: SoftwareAuthenticator,
  ceremony: Partial<Parameters<SoftwareAuthenticator["authenticate"]>[1]> = {},
  jar = new Jar(),
) {
  const options = await signInOptions(jar);
  const response = await device.authenticate(options, { origin: ORIGIN, ...ceremony });
  const answer = await call(jar, "/signin/passkey/verify", { response, redirect: "/dashboard" });
  return { answer, jar, response };
}

async function whoIs(cookie: string) {
  const response = await appFetch("/api/auth/user", { headers: { Cookie: cookie } });
  return response.ok ? (await response.json<{ email: string }>()).email : null;
}

async function accountWithPasskey(name = "My laptop") {
  const { person, cookie } = await signUp();
  const jar = new Jar(cookie);
  const device = new SoftwareAuthenticator();
  const added = await addPasskey(jar, device, name);
  expect(added.status).toBe(201);
  // The page the browser goes to next shows (and clears) the "Passkey added" message.
  jar.take(await appFetch("/account", { headers: { Cookie: jar.toString() } }));
  return { person, jar, device };
}

const rows = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .all<Record<string, unknown>>()
    .then(({ results }) => results);

describe("adding a passkey on /account", () => {
  it("offers the relying party of APP_URL, verifies the new passkey, lists it and e-mails the account", async () => {
    const { person, cookie } = await signUp();
    const jar = new Jar(cookie);
    const options = await registrationOptions(jar);
    // Who we are comes from APP_URL, not from the request.
    expect(options.rp).toEqual({ id: "qr.example.com", name: "QR Code Creator" });
    expect(options.user.name).toBe(person.email);
    expect(options).toMatchObject({
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });

    const device = new SoftwareAuthenticator();
    const response = await device.register(options, { origin: ORIGIN });
    const added = await call(jar, "/account/passkeys/verify", { name: " Work laptop ", response });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ ok: true, redirect: "/account#passkeys" });

    const page = textOf(
      await (await appFetch("/account", { headers: { Cookie: jar.toString() } })).text(),
    );
    expect(page).toContain("Passkey added");
    expect(page).toContain("Work laptop");
    expect(page).toContain("Never used");
    const mail = await latestMail(person.email, /A passkey was added/);
    expect(mail?.text).toContain("The passkey “Work laptop” was just added to your account.");
    expect(mail?.links).toEqual([`${ORIGIN}/account#passkeys`]);

    // The same device is not asked to make a second passkey for the account.
    const again = await registrationOptions(jar);
    expect(again.excludeCredentials.map(({ id }) => id)).toEqual([device.id]);
  });

  it("refuses visitors, cross-site posts, a missing name and a device that did not verify the person", async () => {
    const visitor = await call(new Jar(), "/account/passkeys/options", {});
    expect(visitor.status).toBe(401);

    const { cookie } = await signUp();
    const jar = new Jar(cookie);
    const crossSite = await call(jar, "/account/passkeys/options", {}, "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({
      message: "This request came from another site and was refused.",
    });

    const device = new SoftwareAuthenticator();
    const unnamed = await registrationOptions(jar);
    const nameless = await call(jar, "/account/passkeys/verify", {
      name: "  ",
      response: await device.register(unnamed, { origin: ORIGIN }),
    });
    expect(nameless.status).toBe(400);
    expect(await nameless.json()).toMatchObject({ message: "Give the passkey a name" });

    const noUv = await registrationOptions(jar);
    const unverified = await call(jar, "/account/passkeys/verify", {
      name: "Key",
      response: await device.register(noUv, { origin: ORIGIN, userVerified: false }),
    });
    expect(unverified.status).toBe(400);

    const garbage = await call(jar, "/account/passkeys/verify", {
      name: "Key",
      response: { id: 1 },
    });
    expect(garbage.status).toBe(400);
    expect((await garbage.json<{ message: string }>()).message).toMatch(/could not be read/);
    expect(await rows("SELECT id FROM passkeys WHERE id = ?", device.id)).toEqual([]);
  });

  it("refuses a wrong challenge, another origin or relying party, and a replayed answer", async () => {
    const { cookie } = await signUp();
    const jar = new Jar(cookie);
    const device = new SoftwareAuthenticator();

    const options = await registrationOptions(jar);
    const forged = await device.register(options, { origin: ORIGIN, challenge: "bm90LWlzc3VlZA" });
    const wrongChallenge = await call(jar, "/account/passkeys/verify", {
      name: "K",
      response: forged,
    });
    expect(wrongChallenge.status).toBe(400);
    expect(await wrongChallenge.json()).toMatchObject({ code: "CHALLENGE" });

    const phished = await device.register(await registrationOptions(jar), {
      origin: "https://qr-example.evil",
    });
    expect(
      (await call(jar, "/account/passkeys/verify", { name: "K", response: phished })).status,
    ).toBe(400);
    const otherRp = await device.register(await registrationOptions(jar), {
      origin: ORIGIN,
      rpId: "evil.example",
    });
    expect(
      (await call(jar, "/account/passkeys/verify", { name: "K", response: otherRp })).status,
    ).toBe(400);

    const fresh = await registrationOptions(jar);
    const response = await device.register(fresh, { origin: ORIGIN });
    // Answered from a browser that never asked for this challenge (no challenge cookie).
    const elsewhere = await call(new Jar(cookie), "/account/passkeys/verify", {
      name: "K",
      response,
    });
    expect(elsewhere.status).toBe(400);
    const kept = await call(jar, "/account/passkeys/verify", { name: "K", response });
    expect(kept.status).toBe(201);
    // The cookie is gone, and so is the challenge: replaying with both restored is refused.
    const replay = new Jar(cookie);
    const stolenCookie = await appFetch("/account/passkeys/options", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(stolenCookie.status).toBe(200);
    replay.take(stolenCookie);
    const replayed = await call(replay, "/account/passkeys/verify", { name: "K", response });
    expect(replayed.status).toBe(400);
    expect(await rows("SELECT name FROM passkeys WHERE id = ?", device.id)).toEqual([
      { name: "K" },
    ]);
  });

  it("lets a challenge live 5 minutes", async () => {
    const { cookie } = await signUp();
    const jar = new Jar(cookie);
    const options = await registrationOptions(jar);
    const [row] = await rows(
      "SELECT expires_at FROM passkey_challenges WHERE challenge = ?",
      options.challenge,
    );
    expect(Number(row!.expires_at) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(Number(row!.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    await env.DB.prepare("UPDATE passkey_challenges SET expires_at = ? WHERE challenge = ?")
      .bind(Date.now() - 1, options.challenge)
      .run();
    const device = new SoftwareAuthenticator();
    const late = await call(jar, "/account/passkeys/verify", {
      name: "Late",
      response: await device.register(options, { origin: ORIGIN }),
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({
      message: "This passkey request has expired or was already used. Please try again.",
    });
  });

  it("never binds one account's challenge to another account", async () => {
    const alice = new Jar((await signUp(newPerson("alice"))).cookie);
    const bob = (await signUp(newPerson("bob"))).cookie;
    const options = await registrationOptions(alice);
    const device = new SoftwareAuthenticator();
    const response = await device.register(options, { origin: ORIGIN });
    // Bob carries Alice's challenge cookie along with his own session.
    const aliceChallenge = alice
      .toString()
      .split("; ")
      .find((pair) => pair.startsWith("qr_passkey="))!;
    const asBob = await call(new Jar(`${bob}; ${aliceChallenge}`), "/account/passkeys/verify", {
      name: "Bob's",
      response,
    });
    expect(asBob.status).toBe(400);
    expect(await rows("SELECT id FROM passkeys WHERE id = ?", device.id)).toEqual([]);
  });
});

describe("signing in with a passkey", () => {
  it("starts a session with a discoverable passkey, records its use and goes where the person was headed", async () => {
    const { person, device } = await accountWithPasskey();
    const options = await signInOptions(new Jar());
    expect(options.rpId).toBe("qr.example.com");
    expect(options.allowCredentials ?? []).toEqual([]);

    device.counter = 1;
    const { answer, jar } = await signIn(device);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, redirect: "/dashboard" });
    expect(await whoIs(jar.toString())).toBe(person.email);
    const [row] = await rows("SELECT counter, last_used_at FROM passkeys WHERE id = ?", device.id);
    expect(row).toMatchObject({ counter: 1 });
    expect(row!.last_used_at).toEqual(expect.any(Number));
    const page = textOf(
      await (await appFetch("/account", { headers: { Cookie: jar.toString() } })).text(),
    );
    expect(page).toContain("Signed in with your passkey.");
    expect(page).toMatch(/Last used/);
  });

  it("verifies EdDSA (Ed25519) passkeys as well as ES256 ones, with workerd's WebCrypto", async () => {
    const { person, cookie } = await signUp();
    const device = new SoftwareAuthenticator("EdDSA");
    expect((await addPasskey(new Jar(cookie), device, "Security key")).status).toBe(201);
    const { answer, jar } = await signIn(device);
    expect(answer.status).toBe(200);
    expect(await whoIs(jar.toString())).toBe(person.email);
  });

  it("refuses a wrong challenge, a replayed answer, an unknown passkey and a wrong origin with one message", async () => {
    const { device } = await accountWithPasskey();
    const wrong = await signIn(device, { challenge: "bm90LWlzc3VlZA" });
    expect(wrong.answer.status).toBe(400);
    expect(await wrong.answer.json()).toMatchObject({ code: "CHALLENGE" });
    expect(cookieFrom(wrong.answer, "qr_session")).toBeNull();

    const { answer, response } = await signIn(device);
    expect(answer.status).toBe(200);
    // The same answer again, with a challenge cookie it matches: the challenge was used up.
    const replayJar = new Jar();
    replayJar.take(
      await appFetch("/signin/passkey/options", {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: "{}",
      }),
    );
    const forgedCookie = replayJar.toString().replace(/qr_passkey=[^;]+/, "");
    const replayed = await call(new Jar(forgedCookie), "/signin/passkey/verify", { response });
    expect(replayed.status).toBe(400);

    const stranger = await signIn(new SoftwareAuthenticator());
    expect(stranger.answer.status).toBe(400);
    expect((await stranger.answer.json<{ message: string }>()).message).toMatch(
      /That passkey did not sign you in/,
    );
    const phished = await signIn(device, { origin: "https://qr-example.evil" });
    expect(phished.answer.status).toBe(400);
    const unverified = await signIn(device, { userVerified: false });
    expect(unverified.answer.status).toBe(400);
    expect(cookieFrom(unverified.answer, "qr_session")).toBeNull();
  });

  it("refuses a passkey that claims to belong to another account", async () => {
    const alice = await accountWithPasskey();
    const bob = await accountWithPasskey();
    // Alice's credential, presented with Bob's user handle.
    const { answer } = await signIn(alice.device, { userHandle: bob.device.userHandle });
    expect(answer.status).toBe(400);
    // Bob's key cannot answer for Alice's credential id either.
    const impostor = Object.assign(new SoftwareAuthenticator(), {
      userHandle: alice.device.userHandle,
    });
    Object.defineProperty(impostor, "credentialId", { value: alice.device.credentialId });
    expect((await signIn(impostor)).answer.status).toBe(400);
  });

  it("keeps the signature counter, and refuses a counter that did not go up (a cloned authenticator)", async () => {
    const { person, device } = await accountWithPasskey();
    device.counter = 5;
    expect((await signIn(device)).answer.status).toBe(200);
    const cloned = await signIn(device, { counter: 5 });
    expect(cloned.answer.status).toBe(400);
    expect((await signIn(device, { counter: 3 })).answer.status).toBe(400);
    expect(await rows("SELECT counter FROM passkeys WHERE id = ?", device.id)).toEqual([
      { counter: 5 },
    ]);
    const next = await signIn(device, { counter: 6 });
    expect(next.answer.status).toBe(200);
    expect(await whoIs(next.jar.toString())).toBe(person.email);

    // A synced passkey reports no counter (0) every time, and that is fine.
    const synced = await accountWithPasskey();
    expect((await signIn(synced.device)).answer.status).toBe(200);
    expect((await signIn(synced.device)).answer.status).toBe(200);
  });

  it("offers the button on /auth and /signin, and says without JavaScript that passkeys need it", async () => {
    for (const path of ["/auth?mode=signin", "/signin"]) {
      const html = await (await appFetch(path)).text();
      expect(html).toContain("Sign in with a passkey");
      expect(html).toMatch(/<noscript>.*Passkeys need JavaScript/s);
      expect(html).toMatch(/class="needs-js"/);
    }
  });

  it("answers GET and unknown steps with JSON", async () => {
    const get = await appFetch("/signin/passkey/options");
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ message: "Use POST to sign in with a passkey." });
    expect((await call(new Jar(), "/signin/passkey/other", {})).status).toBe(404);
    const notJson = await appFetch("/signin/passkey/verify", {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: "x",
    });
    expect(notJson.status).toBe(415);
  });
});

describe("renaming and removing passkeys", () => {
  it("renames with a plain form, and refuses another account's passkey", async () => {
    const { jar, device } = await accountWithPasskey("Old name");
    const renamed = await postForm(
      "/account",
      { intent: "passkey-rename", passkeyId: device.id, name: "Phone" },
      jar.toString(),
    );
    expect(renamed.status).toBe(303);
    expect(await landOn(renamed, jar.toString())).toContain("Passkey renamed");
    expect(await rows("SELECT name FROM passkeys WHERE id = ?", device.id)).toEqual([
      { name: "Phone" },
    ]);

    const mallory = await signUp(newPerson("mallory"));
    const theirs = await postForm(
      "/account",
      { intent: "passkey-rename", passkeyId: device.id, name: "Mine now" },
      mallory.cookie,
    );
    expect(theirs.status).toBe(404);
    const removeTheirs = await postForm(
      "/account",
      { intent: "passkey-remove", passkeyId: device.id, currentPassword: mallory.person.password },
      mallory.cookie,
    );
    expect(removeTheirs.status).toBe(404);
    expect(textOf(await removeTheirs.text())).toContain("That passkey is not on your account");
    expect(await rows("SELECT name FROM passkeys WHERE id = ?", device.id)).toEqual([
      { name: "Phone" },
    ]);
  });

  it("asks for the password to remove one, e-mails the account, and the passkey no longer signs in", async () => {
    const { person, jar, device } = await accountWithPasskey("Tablet");
    const remove = (password: string) =>
      postForm(
        "/account",
        { intent: "passkey-remove", passkeyId: device.id, currentPassword: password },
        jar.toString(),
      );
    const missing = await remove("");
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain("Enter your current password");
    const wrong = await remove("not my password");
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("Your current password is not correct");
    expect(await rows("SELECT id FROM passkeys WHERE id = ?", device.id)).toHaveLength(1);

    const removed = await remove(person.password);
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe("/account#passkeys");
    expect(await landOn(removed, jar.toString())).toContain("“Tablet” can no longer sign in");
    expect((await latestMail(person.email, /A passkey was removed/))?.text).toContain(
      "The passkey “Tablet” was just removed",
    );
    expect((await signIn(device)).answer.status).toBe(400);
  });

  it("a Google-only account needs a sign-in at most 5 minutes old to remove one", async () => {
    const email = `passkey-google-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const claims = { sub: `google-${email}`, email, email_verified: true, given_name: "Gee" };
    const jar = new Jar(cookiesOf(await dance("/api/auth/google", claims)));
    const device = new SoftwareAuthenticator();
    expect((await addPasskey(jar, device, "Phone")).status).toBe(201);

    // Age the session by 6 minutes, as if it had started that long ago.
    const [owner] = await rows("SELECT user_id FROM passkeys WHERE id = ?", device.id);
    await ageSessions(owner!.user_id as string, 6);
    const page = await (await appFetch("/account", { headers: { Cookie: jar.toString() } })).text();
    expect(page).toContain(`href="/api/auth/google?redirect=%2Faccount%23passkeys"`);
    const refused = await postForm(
      "/account",
      { intent: "passkey-remove", passkeyId: device.id },
      jar.toString(),
    );
    expect(refused.status).toBe(403);
    expect(textOf(await refused.text())).toContain("To remove a passkey, sign in again first");

    // Signing in with the passkey itself is a fresh sign-in.
    const { jar: fresh } = await signIn(device);
    const removed = await postForm(
      "/account",
      { intent: "passkey-remove", passkeyId: device.id },
      fresh.toString(),
    );
    expect(removed.status).toBe(303);
  });
});

// Issue #32: a German account reads the passkey messages in German; the browser's script gets
// each refusal's phrase beside its English message, to say it in the page's language.
describe("passkeys in the account's language", () => {
  const inGerman = async (cookie: string) =>
    expect((await postForm("/language", { lang: "de", next: "/account" }, cookie)).status).toBe(
      302,
    );

  it("adds, renames and removes a passkey with German messages that name it", async () => {
    const { person, cookie } = await signUp();
    await inGerman(cookie);
    const jar = new Jar(cookie);
    const device = new SoftwareAuthenticator();
    expect((await addPasskey(jar, device, "Arbeitslaptop")).status).toBe(201);
    // The page the script goes to next shows (and clears) the message the answer left.
    const shown = jar.take(await appFetch("/account", { headers: { Cookie: jar.toString() } }));
    const page = textOf(await shown.text());
    expect(page).toContain("Passkey hinzugefügt");
    expect(page).toContain("Du kannst dich jetzt mit „Arbeitslaptop“ anmelden.");
    expect(page).not.toContain("You can now sign in with");
    // The sign-in methods name the passkeys and two-factor sign-in in German too.
    expect(page).toContain("Passkeys 1 Passkey");
    expect(page).toContain("Zwei-Faktor-Anmeldung (Authenticator-App) Aus");
    expect(page).not.toContain("Two-factor sign-in (authenticator app)");

    const renamed = await postForm(
      "/account",
      { intent: "passkey-rename", passkeyId: device.id, name: "Tablet" },
      jar.toString(),
    );
    expect(await landOn(renamed, jar.toString())).toContain("Passkey umbenannt");
    const removed = await postForm(
      "/account",
      { intent: "passkey-remove", passkeyId: device.id, currentPassword: person.password },
      jar.toString(),
    );
    expect(removed.status).toBe(303);
    const after = await landOn(removed, jar.toString());
    expect(after).toContain("Passkey entfernt");
    expect(after).toContain("„Tablet“ kann sich nicht mehr bei deinem Konto anmelden.");
  });

  it("answers a refused sign-in with its English message and its phrase, and welcomes a German account in German", async () => {
    const stranger = await signIn(new SoftwareAuthenticator());
    expect(stranger.answer.status).toBe(400);
    expect(await stranger.answer.json()).toMatchObject({
      code: "REFUSED",
      message: expect.stringMatching(/^That passkey did not sign you in/),
      phrase: { id: "auth.passkey.error.refused" },
    });
    const wrong = await signIn(new SoftwareAuthenticator(), { challenge: "bm90LWlzc3VlZA" });
    expect(await wrong.answer.json()).toMatchObject({
      code: "CHALLENGE",
      phrase: { id: "auth.passkey.error.otherBrowser" },
    });

    const { jar, device } = await accountWithPasskey();
    await inGerman(jar.toString());
    device.counter = 1;
    const { answer, jar: signedIn } = await signIn(device);
    expect(answer.status).toBe(200);
    const page = await pageText("/account", signedIn.toString());
    expect(page).toContain("Willkommen zurück!");
    expect(page).toContain("Du bist mit deinem Passkey angemeldet.");
  });

  it("refuses a 21st passkey with the limit in its message and phrase", async () => {
    const { person, cookie } = await signUp();
    const [owner] = await rows("SELECT id FROM users WHERE email = ?", person.email);
    const now = Date.now();
    for (let i = 0; i < 20; i++) {
      await env.DB.prepare(
        "INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, device_type, backed_up, created_at) VALUES (?, ?, ?, 'x', 0, '[]', 'singleDevice', 0, ?)",
      )
        .bind(`limit-${crypto.randomUUID()}`, owner!.id, `Key ${i}`, now)
        .run();
    }
    const refused = await call(new Jar(cookie), "/account/passkeys/options", {});
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: "An account can have at most 20 passkeys. Remove one you no longer use first.",
      phrase: { id: "account.passkeys.error.limit", values: { count: 20 } },
      code: "LIMIT",
    });
  });
});
