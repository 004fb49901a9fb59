import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { env } from "cloudflare:workers";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { z } from "../validation/zod";
import { createDatabase } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { createUser, EmailTakenError, findUserByEmail } from "../models/users.server";
import { TRIAL_DAYS } from "../plans/catalogue";
import { clientAddress } from "../security/client.server";
import { hashPassword, spendPasswordCheck, verifyPassword } from "./password.server";
import { HONEYPOT_FIELD, signInSchema, signUpSchema } from "./schemas";

type Reply = SubmissionResult<string[]>;

/** Why a sign-in or sign-up did not happen, with the status and a message a person can act on. */
export class AuthFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 409 | 429,
    message: string,
    readonly reply: Reply,
  ) {
    super(message);
    this.name = "AuthFailure";
  }
}

export interface AuthResult {
  user: UserRecord;
  created: boolean;
}

export const INVALID_CREDENTIALS = "Invalid email or password";
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

export async function limited(key: string): Promise<boolean> {
  const { success } = await env.AUTH_RATE_LIMITER.limit({ key });
  return !success;
}

// Local runs (npm start, the end-to-end tests) see every browser as loopback or as no address at
// all; one shared budget there would lock everyone out after ten attempts.
const LOCAL_ADDRESSES = new Set(["unknown", "127.0.0.1", "::1"]);

/** Counts per network address where the edge told us a real one. */
export function limitedAddress(kind: string, request: Request): Promise<boolean> {
  const address = clientAddress(request);
  return LOCAL_ADDRESSES.has(address) ? Promise.resolve(false) : limited(`${kind}:ip:${address}`);
}

/**
 * A valid submission from a person (the honeypot is empty), and a way to refuse it later with a
 * reply that keeps what was typed, never the password.
 */
function acceptedSubmission<Output>(form: FormData, schema: z.ZodType<Output>) {
  const submission = parseWithZod(form, { schema });
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
    submission.reply({ hideFields: ["password"], ...options });
  if (submission.status !== "success") {
    throw new AuthFailure(400, "Please correct the highlighted fields.", reply());
  }
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap !== "") {
    throw new AuthFailure(400, "Your request could not be processed. Please try again.", reply());
  }
  return {
    value: submission.value,
    refuse: (
      status: AuthFailure["status"],
      message: string,
      options: Parameters<typeof reply>[0] = {},
    ) => new AuthFailure(status, message, reply(options)),
  };
}

async function signIn(form: FormData, request: Request): Promise<AuthResult> {
  const { value, refuse } = acceptedSubmission(form, signInSchema);
  const { email, password } = value;
  if (
    (await limitedAddress("signin", request)) ||
    (await limited(`signin:account:${email.toLowerCase()}`))
  ) {
    throw refuse(429, TOO_MANY_ATTEMPTS, { formErrors: [TOO_MANY_ATTEMPTS] });
  }
  const user = await findUserByEmail(createDatabase(), email);
  const valid = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : (await spendPasswordCheck(password), false);
  if (!user || !valid) {
    throw refuse(401, INVALID_CREDENTIALS, { formErrors: [INVALID_CREDENTIALS] });
  }
  return { user, created: false };
}

async function signUp(form: FormData, request: Request): Promise<AuthResult> {
  const { value, refuse } = acceptedSubmission(form, signUpSchema);
  if (await limitedAddress("signup", request)) {
    throw refuse(429, TOO_MANY_ATTEMPTS, { formErrors: [TOO_MANY_ATTEMPTS] });
  }
  const { email, password, firstName, lastName, plan } = value;
  const paid = plan && plan !== "free" ? plan : undefined;
  try {
    const user = await createUser(createDatabase(), {
      email,
      firstName,
      lastName,
      provider: "email",
      passwordHash: await hashPassword(password),
      plan: paid,
      trialDays: paid ? TRIAL_DAYS : undefined,
    });
    return { user, created: true };
  } catch (error) {
    if (error instanceof EmailTakenError) {
      throw refuse(409, error.message, { fieldErrors: { email: [error.message] } });
    }
    throw error;
  }
}

// remix-auth runs the strategies; it keeps no session (startSession does that afterwards).
const authenticator = new Authenticator<AuthResult>();
authenticator.use(new FormStrategy(({ form, request }) => signIn(form, request)), "password");
authenticator.use(new FormStrategy(({ form, request }) => signUp(form, request)), "signup");

export type PasswordIntent = "signin" | "signup";

/** Signs in or signs up from a form post; throws AuthFailure for anything a person can fix. */
export function authenticateWithPassword(
  intent: PasswordIntent,
  request: Request,
): Promise<AuthResult> {
  return authenticator.authenticate(intent === "signup" ? "signup" : "password", request);
}

/** The same for a JSON body (the API of spec section 7): re-sent to the strategy as a form. */
export async function authenticateJson(
  intent: PasswordIntent,
  request: Request,
  body: Record<string, unknown>,
): Promise<AuthResult> {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string") form.set(key, value);
  }
  const headers = new Headers(request.headers);
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return authenticateWithPassword(
    intent,
    new Request(request.url, { method: "POST", body: form, headers }),
  );
}
