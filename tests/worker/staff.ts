import { expect } from "vitest";
import { cookieFrom, newPerson, postJson } from "./accounts";
import { appFetch } from "./app";
import { linkFrom } from "./mail";

// The staff member of the worker tests (wrangler.toml [vars] STAFF_EMAILS), signed up once per
// test file with the listed address and verified by opening the confirmation link.

export const STAFF_ADDRESS = "support-staff@qrcodecreator.app";

export interface Person {
  id: string;
  email: string;
  cookie: string;
}

export async function signUp(
  plan: "free" | "premium" | "ultimate",
  email?: string,
): Promise<Person> {
  const details = { ...newPerson("staff"), ...(email ? { email } : {}) };
  const response = await postJson("/api/auth/signup", { ...details, plan });
  expect(response.status).toBe(201);
  const { id } = await response.json<{ id: string }>();
  return { id, email: details.email, cookie: cookieFrom(response, "qr_session")! };
}

let verified: Person | undefined;
let unverified: Person | undefined;

/** The staff address signed up but not yet confirmed: anyone could have typed it. */
export async function unverifiedStaff(): Promise<Person> {
  if (verified) throw new Error("The staff address is already verified in this file.");
  unverified ??= await signUp("free", STAFF_ADDRESS);
  return unverified;
}

/** The verified staff member. */
export async function staffMember(): Promise<Person> {
  if (verified) return verified;
  const member = await unverifiedStaff();
  const link = await linkFrom(STAFF_ADDRESS, /Confirm your e-mail address/);
  expect((await appFetch(link)).status).toBe(303);
  verified = member;
  return member;
}
