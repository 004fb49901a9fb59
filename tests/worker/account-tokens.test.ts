import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { postJson, signUp } from "./accounts";
import { appFetch, ORIGIN } from "./app";
import { postForm } from "./forms";
import { latestMail, linkFrom } from "./mail";

// Issue #27 item 3: a one-time link is bound to its account and to the address it was sent to.
// Changing the address or the password withdraws every link still out, and the link's page says
// why it no longer works.

const RESET = /Reset your .* password/;
const CHANGE = /Confirm your new e-mail address/;
const VERIFY = /Confirm your e-mail address/;
const WITHDRAWN = "This link no longer works";
const WHY = "The account's e-mail address or password changed after this link was sent";

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const tokenOf = (link: string) => new URL(link, ORIGIN).searchParams.get("token")!;
const signIn = (email: string, password: string) =>
  postJson("/api/auth/signin", { email, password });

async function resetLinkFor(email: string) {
  expect((await postForm("/forgot-password", { email })).status).toBe(303);
  await expect.poll(async () => (await latestMail(email, RESET)) !== undefined).toBe(true);
  return linkFrom(email, RESET);
}

async function changeAddress(cookie: string, password: string, to: string) {
  const asked = await postForm(
    "/account",
    { intent: "email", newEmail: to, currentPassword: password },
    cookie,
  );
  expect(asked.status).toBe(303);
  return linkFrom(to, CHANGE);
}

async function confirm(link: string) {
  return postForm(link, { token: tokenOf(link) });
}

describe("one-time links bound to the address they were sent to", () => {
  it("a reset link asked for before an address change is refused after it, and says why", async () => {
    const { person, cookie } = await signUp();
    const reset = await resetLinkFor(person.email);
    const newEmail = uniqueEmail("moved");
    const confirmed = await confirm(await changeAddress(cookie, person.password, newEmail));
    expect(confirmed.status).toBe(303);

    const opened = await appFetch(reset);
    expect(opened.status).toBe(410);
    const page = textOf(await opened.text());
    expect(page).toContain(WITHDRAWN);
    expect(page).toContain(WHY);
    expect(page).not.toContain("Set new password");

    const used = await postForm("/reset-password", {
      token: tokenOf(reset),
      password: "the attacker's password",
    });
    expect(used.status).toBe(410);
    expect(textOf(await used.text())).toContain(WITHDRAWN);
    expect((await signIn(newEmail, "the attacker's password")).status).toBe(401);
    expect((await signIn(newEmail, person.password)).status).toBe(200);
  });

  it("a new password withdraws an address-change link that was still out", async () => {
    // Someone with a stolen session asks to move the account to their own address; the owner
    // notices the notice e-mail and changes the password.
    const { person, cookie } = await signUp();
    const hijack = await changeAddress(cookie, person.password, uniqueEmail("thief"));
    const changed = await postForm(
      "/account",
      { intent: "password", currentPassword: person.password, newPassword: "a brand new password" },
      cookie,
    );
    expect(changed.status).toBe(303);
    const opened = await appFetch(hijack);
    expect(opened.status).toBe(410);
    expect(textOf(await opened.text())).toContain(WITHDRAWN);
    const refused = await confirm(hijack);
    expect(refused.status).toBe(410);
    expect(textOf(await refused.text())).toContain(WHY);
    expect((await signIn(person.email, "a brand new password")).status).toBe(200);
  });

  it("a password reset withdraws the other links still out", async () => {
    const { person, cookie } = await signUp();
    const hijack = await changeAddress(cookie, person.password, uniqueEmail("thief"));
    const reset = await resetLinkFor(person.email);
    const done = await postForm("/reset-password", {
      token: tokenOf(reset),
      password: "a brand new password",
    });
    expect(done.status).toBe(303);
    expect((await confirm(hijack)).status).toBe(410);
    expect((await signIn(person.email, "a brand new password")).status).toBe(200);
  });

  it("a verification link sent to the old address dies with the change", async () => {
    const { person, cookie } = await signUp();
    const verify = await linkFrom(person.email, VERIFY);
    const newEmail = uniqueEmail("moved");
    expect((await confirm(await changeAddress(cookie, person.password, newEmail))).status).toBe(
      303,
    );
    const opened = await appFetch(verify);
    expect(opened.status).toBe(410);
    expect(textOf(await opened.text())).toContain(WITHDRAWN);
  });

  it("moving the address away and back (A, B, A) does not revive a link sent to A", async () => {
    const { person, cookie } = await signUp();
    const reset = await resetLinkFor(person.email);
    const verify = await linkFrom(person.email, VERIFY);
    const away = uniqueEmail("away");
    expect((await confirm(await changeAddress(cookie, person.password, away))).status).toBe(303);
    expect((await confirm(await changeAddress(cookie, person.password, person.email))).status).toBe(
      303,
    );
    expect((await appFetch(reset)).status).toBe(410);
    expect((await appFetch(verify)).status).toBe(410);
    const used = await postForm("/reset-password", {
      token: tokenOf(reset),
      password: "the attacker's password",
    });
    expect(used.status).toBe(410);
    expect((await signIn(person.email, "the attacker's password")).status).toBe(401);
  });

  it("two uses of one reset link at once: one sets the password, the other is told it was used", async () => {
    const { person } = await signUp();
    const reset = await resetLinkFor(person.email);
    const [first, second] = await Promise.all(
      ["first password!", "second password!"].map((password) =>
        postForm("/reset-password", { token: tokenOf(reset), password }),
      ),
    );
    expect([first!.status, second!.status].sort()).toEqual([303, 410]);
    const winner = first!.status === 303 ? "first password!" : "second password!";
    const loser = first!.status === 303 ? "second password!" : "first password!";
    expect((await signIn(person.email, winner)).status).toBe(200);
    expect((await signIn(person.email, loser)).status).toBe(401);
  });

  it("a reset link works only while the account has the address it was sent to", async () => {
    // However the address changed (here behind the app's back, as a change before these links
    // were withdrawn would have), the link checks the address itself when it is used.
    const { person } = await signUp();
    const reset = await resetLinkFor(person.email);
    const newEmail = uniqueEmail("elsewhere");
    await env.DB.prepare("UPDATE users SET email = ? WHERE email = ?")
      .bind(newEmail, person.email)
      .run();
    expect((await appFetch(reset)).status).toBe(410);
    const used = await postForm("/reset-password", {
      token: tokenOf(reset),
      password: "the attacker's password",
    });
    expect(used.status).toBe(410);
    expect((await signIn(newEmail, "the attacker's password")).status).toBe(401);
  });
});
