import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { expect } from "vitest";
import { totpAt } from "../../app/security/two-factor";
import { cookieFrom, newPerson, signUp } from "./accounts";
import { appFetch } from "./app";
import { postForm } from "./forms";

// Turning two-factor sign-in on as a person does on /account, reading the secret off the page
// and computing the app's code from it, as an authenticator app would.

export const codeAt = (key: Uint8Array, offsetSeconds = 0) =>
  totpAt(key, Date.now() / 1000 + offsetSeconds);

export async function setUpTwoFactor(cookie: string) {
  const start = await postForm("/account", { intent: "two-factor", step: "start" }, cookie);
  expect(start.status).toBe(303);
  const page = await (await appFetch("/account", { headers: { Cookie: cookie } })).text();
  const secret = /data-testid="two-factor-secret">([A-Z2-7 ]+)</.exec(page)?.[1];
  expect(secret, "the secret key on /account").toBeDefined();
  expect(page).toContain("<svg");
  const key = decodeBase32IgnorePadding(secret!.replaceAll(" ", ""));
  const confirm = await postForm(
    "/account",
    { intent: "two-factor", step: "confirm", code: codeAt(key) },
    cookie,
  );
  expect(confirm.status).toBe(200);
  const recoveryCodes = [
    ...(await confirm.text()).matchAll(/<code>([a-z1-9]{5}-[a-z1-9]{5})<\/code>/g),
  ].map((match) => match[1]!);
  expect(recoveryCodes).toHaveLength(10);
  return { key, recoveryCodes };
}

/** A new account with two-factor sign-in on, signed in. */
export async function personWithTwoFactor(plan?: "free" | "premium" | "ultimate") {
  const person = { ...newPerson(), plan };
  const { cookie, response } = await signUp(person);
  const { id } = await response.json<{ id: string }>();
  return { person, cookie, userId: id, ...(await setUpTwoFactor(cookie)) };
}

/** The password step of the sign-in form: the challenge cookie it leaves (asserted). */
export async function passwordStep(person: { email: string; password: string }, cookie = "") {
  const response = await postForm(
    "/auth?mode=signin",
    { intent: "signin", email: person.email, password: person.password, redirect: "/dashboard" },
    cookie || null,
  );
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/signin/two-factor");
  expect(cookieFrom(response, "qr_session")).toBeNull();
  return cookieFrom(response, "qr_2fa_challenge")!;
}
