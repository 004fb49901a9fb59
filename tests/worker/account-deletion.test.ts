import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import pngLogo from "../fixtures/logo.png?inline";
import { textOf } from "../support/html";
import { ageSessions, cookieFrom, newPerson, postJson, signUp } from "./accounts";
import { appFetch, generate, ORIGIN, SCAN_QUEUE_WAIT } from "./app";
import { landOn, postForm } from "./forms";
import { latestMail } from "./mail";
import { dance } from "./oidc";

// Deleting an account from /account: at once, for good, and only after the person typed the
// account's address. (Deleting a Stripe subscriber: tests/worker/stripe/account-deletion.test.ts.)

const logoBytes = Uint8Array.from(atob(pngLogo.split(",")[1]!), (c) => c.charCodeAt(0));

async function userIdOf(cookie: string) {
  const response = await appFetch("/api/auth/user", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json<{ id: string }>()).id;
}

/** A saved code with scan tracking and a logo (the premium trial allows both); its id and slug. */
async function trackedCodeWithLogo(cookie: string) {
  const response = await generate(
    {
      type: "url",
      data: { url: "https://example.com/menu" },
      customization: { size: 256 },
      title: "Menu",
      save: "true",
      trackScans: "true",
      logo: new File([logoBytes], "logo.png", { type: "image/png" }),
    },
    { cookie, headers: { Origin: ORIGIN } },
  );
  expect(response.status).toBe(200);
  const { id } = await response.json<{ id: number }>();
  const slug = (await env.DB.prepare("SELECT slug FROM tracked_links WHERE qr_code_id = ?")
    .bind(id)
    .first<string>("slug"))!;
  return { id, slug };
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<number>("n"))!;

/** The person's logos: their workspace's, and any stored under them before issue #27. */
async function logoKeys(userId: string) {
  const keys: string[] = [];
  for (const owner of [userId, `ws_${userId}`]) {
    const listed = await env.LOGOS.list({ prefix: `logos/${owner}/` });
    keys.push(...listed.objects.map((o) => o.key));
  }
  return keys;
}

const PASSWORD = newPerson().password;

const deleteAccount = (cookie: string, confirmEmail: string, currentPassword = PASSWORD) =>
  postForm("/account", { intent: "delete", confirmEmail, currentPassword }, cookie);

describe("deleting an account", () => {
  it("needs the account's own address typed in; anything else deletes nothing", async () => {
    const { person, cookie } = await signUp();
    for (const typed of ["", "someone-else@example.com", "delete"]) {
      const response = await deleteAccount(cookie, typed);
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain(
        `Type your account's e-mail address, ${person.email}, to confirm.`,
      );
    }
    expect((await appFetch("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM users WHERE email = ?", person.email)).toBe(1);
  });

  it("removes the codes, logos, sessions and sign-ins; tracked links answer 410; the address is free again", async () => {
    const person = { ...newPerson("leaver"), plan: "premium" as const };
    const { cookie } = await signUp(person);
    const userId = await userIdOf(cookie);
    const elsewhere = cookieFrom(
      await postJson("/api/auth/signin", { email: person.email, password: person.password }),
      "qr_session",
    )!;
    const { id, slug } = await trackedCodeWithLogo(cookie);
    expect((await appFetch(`/s/${slug}`)).status).toBe(302);
    await vi.waitFor(
      async () =>
        expect(
          await count(
            "SELECT count(*) AS n FROM scan_rollups WHERE qr_code_id = ? AND dimension = 'total'",
            id,
          ),
        ).toBe(1),
      SCAN_QUEUE_WAIT,
    );
    expect(
      (
        await appFetch(`/api/qr-codes/${id}/download?format=png`, {
          headers: { Cookie: cookie },
        })
      ).status,
    ).toBe(200);
    // A logo uploaded on the generator page but never saved with a code goes too.
    await env.LOGOS.put(`logos/${userId}/unsaved`, logoBytes);
    expect(await logoKeys(userId)).toHaveLength(2);

    // Someone else's public code that the leaver downloaded: the record stays with its owner.
    const neighbour = await signUp({ ...newPerson("neighbour"), plan: "premium" });
    const neighbourId = await userIdOf(neighbour.cookie);
    const theirs = await trackedCodeWithLogo(neighbour.cookie);
    await env.DB.prepare(
      "UPDATE qr_codes SET is_public = 1, share_id = 'NeighbourShareId-123456' WHERE id = ?",
    )
      .bind(theirs.id)
      .run();
    await appFetch(`/api/qr-codes/NeighbourShareId-123456/download?format=png`, {
      headers: { Cookie: cookie },
    });
    await env.DB.prepare(
      "INSERT INTO billing_events (id, type, user_id, received_at) VALUES (?, 'customer.subscription.created', ?, ?)",
    )
      .bind(`evt_${crypto.randomUUID()}`, userId, Date.now())
      .run();

    const response = await deleteAccount(cookie, ` ${person.email.toUpperCase()} `);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/?logged_out=true");
    expect(cookieFrom(response, "qr_session")).toBe("qr_session=");
    const home = await landOn(response);
    expect(home).toContain("Account deleted Your account and its data are gone.");

    for (const session of [cookie, elsewhere]) {
      const me = await appFetch("/api/auth/user", { headers: { Cookie: session } });
      expect(me.status).toBe(401);
    }
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(0);
    for (const table of ["auth_identities", "qr_codes", "account_tokens"]) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, userId)).toBe(0);
    }
    for (const table of ["qr_downloads", "qr_scans", "scan_rollups"]) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE qr_code_id = ?`, id)).toBe(0);
    }
    expect(await count("SELECT count(*) AS n FROM qr_downloads WHERE user_id = ?", userId)).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM qr_downloads WHERE qr_code_id = ? AND user_id IS NULL",
        theirs.id,
      ),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM billing_events WHERE user_id = ?", userId)).toBe(
      0,
    );
    expect(await logoKeys(userId)).toEqual([]);
    expect(await logoKeys(neighbourId)).toHaveLength(1);

    const scanned = await appFetch(`/s/${slug}`);
    expect(scanned.status).toBe(410);
    expect(textOf(await scanned.text())).toContain("This QR code was deleted");
    expect((await appFetch(`/s/${theirs.slug}`)).status).toBe(302);

    const mail = await latestMail(person.email, /account was deleted/);
    expect(mail!.text).toContain("Your account was deleted as you asked.");
    const signIn = await postJson("/api/auth/signin", {
      email: person.email,
      password: person.password,
    });
    expect(signIn.status).toBe(401);
    // The address can make a new account.
    await signUp({ ...newPerson(), email: person.email });
  });

  it("ends a paid subscription at once before the account goes", async () => {
    const { person, cookie } = await signUp();
    const userId = await userIdOf(cookie);
    const started = await postJson("/api/create-subscription", { plan: "premium" }, { cookie });
    const { clientSecret } = await started.json<{ clientSecret: string }>();
    const paid = await postForm(
      "/checkout?plan=premium",
      { intent: "pay", clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
      cookie,
    );
    expect(paid.status).toBe(303);
    const account = textOf(
      await (await appFetch("/account", { headers: { Cookie: cookie } })).text(),
    );
    expect(account).toContain("your Premium subscription, which ends now");

    const response = await deleteAccount(cookie, person.email);
    expect(response.status).toBe(303);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(0);
    // The payment events stay for the accounts, without saying whose they were.
    const events = await env.DB.prepare(
      "SELECT type FROM billing_events WHERE user_id IS NULL ORDER BY received_at",
    ).all<{ type: string }>();
    expect(events.results.map((e) => e.type)).toEqual(
      expect.arrayContaining(["customer.subscription.created", "customer.subscription.deleted"]),
    );
  });
});

/** A saved code in the person's workspace (Free saves up to 3). */
async function saveCode(cookie: string, title: string) {
  const response = await generate(
    { type: "url", data: { url: "https://example.com/" + title }, title, save: "true" },
    { cookie, headers: { Origin: ORIGIN } },
  );
  expect(response.status).toBe(200);
}

describe("the delete-account warning and its proof of identity (issue #29 item 4)", () => {
  it("counts the saved codes the deletion takes away", async () => {
    const { cookie } = await signUp();
    expect(
      textOf(await (await appFetch("/account", { headers: { Cookie: cookie } })).text()),
    ).toContain("your saved codes (you have none)");
    await saveCode(cookie, "menu");
    await saveCode(cookie, "poster");
    const page = textOf(await (await appFetch("/account", { headers: { Cookie: cookie } })).text());
    expect(page).toContain("your 2 saved codes, with their download and scan history");
    expect(page).not.toContain("there are none yet");
  });

  it("asks for the password: a wrong or missing one is refused with a message and nothing is deleted", async () => {
    const { person, cookie } = await signUp();
    await saveCode(cookie, "menu");
    const userId = await userIdOf(cookie);
    const wrong = await deleteAccount(cookie, person.email, "not my password");
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("Your current password is not correct");
    const missing = await deleteAccount(cookie, person.email, "");
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain("Enter your current password");
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM qr_codes WHERE user_id = ?", userId)).toBe(1);
    expect((await appFetch("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(200);

    const deleted = await deleteAccount(cookie, person.email);
    expect(deleted.status).toBe(303);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(0);
  });

  it("a Google-only account needs a sign-in at most 5 minutes old; an older one is sent through Google again", async () => {
    const email = `google-leaver-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const claims = { sub: `google-${email}`, email, email_verified: true, given_name: "Gee" };
    const first = cookieFrom(await dance("/api/auth/google", claims), "qr_session")!;
    const userId = await userIdOf(first);
    const fresh = textOf(await (await appFetch("/account", { headers: { Cookie: first } })).text());
    expect(fresh).toContain(`Type ${email} to confirm`);
    expect(fresh).not.toContain("Your password");

    await ageSessions(userId, 6);
    const stale = await (await appFetch("/account", { headers: { Cookie: first } })).text();
    expect(stale).toContain(`href="/api/auth/google?redirect=%2Faccount%23delete"`);
    expect(textOf(stale)).toContain("Sign in again with Google");
    const refused = await deleteAccount(first, email, "");
    expect(refused.status).toBe(403);
    expect(textOf(await refused.text())).toContain(
      "To delete your account, sign in again first: your last sign-in is more than 5 minutes old.",
    );
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(1);

    const again = await dance("/api/auth/google", claims, {
      startQuery: "?redirect=%2Faccount%23delete",
    });
    expect(again.headers.get("Location")).toBe("/account#delete");
    const deleted = await deleteAccount(cookieFrom(again, "qr_session")!, email, "");
    expect(deleted.status).toBe(303);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(0);
  });
});
