import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { jsonProblem, NO_STORE, readJsonObject } from "../auth/responses.server";
import type { Phrased } from "../i18n/phrase";
import { z } from "../validation/zod";
import { answeredChallenge } from "./passkey-ceremonies.server";
import type { ChallengeProblem } from "./passkey-challenges.server";
import { PASSKEY_EXPIRED, PASSKEY_OTHER_BROWSER, PASSKEY_UNREADABLE } from "./refusals";

// The JSON edges of the passkey ceremonies (issue #31): what the browser posts, checked at the
// door, and the 4xx answers a person can act on. Never a 5xx for something the browser sent.

const b64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/);

const credential = {
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  clientExtensionResults: z.looseObject({}).optional().default({}),
  authenticatorAttachment: z.string().optional(),
};

const registration = z.looseObject({
  ...credential,
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

const authentication = z.looseObject({
  ...credential,
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
});

const CHALLENGE_PROBLEMS: Record<ChallengeProblem, Phrased> = {
  "other-browser": PASSKEY_OTHER_BROWSER,
  expired: PASSKEY_EXPIRED,
};

/**
 * A 4xx of a passkey call: the English message, and its phrase, which the script shows in the
 * page's language (these calls have no language prefix to tell it from).
 */
export function passkeyProblem(
  status: number,
  problem: Phrased,
  extra: Record<string, unknown> = {},
): Response {
  return jsonProblem(status, problem.message, { phrase: problem.phrase, ...extra });
}

export const challengeProblem = (problem: ChallengeProblem) =>
  passkeyProblem(400, CHALLENGE_PROBLEMS[problem], { code: "CHALLENGE" });

/** A JSON answer that also sets cookies (the ceremony's, a session, a message). */
export function jsonWithCookies(body: unknown, cookies: string[], status = 200): Response {
  const headers = new Headers(NO_STORE);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

interface Answer<T> {
  body: Record<string, unknown>;
  response: T;
  challenge: string;
}

async function readAnswer<T>(request: Request, schema: z.ZodType): Promise<Answer<T>> {
  const body = await readJsonObject(request);
  const parsed = schema.safeParse(body.response);
  if (!parsed.success) throw passkeyProblem(400, PASSKEY_UNREADABLE, { code: "UNREADABLE" });
  const response = parsed.data as T & { response: { clientDataJSON: string } };
  const challenge = answeredChallenge(response.response.clientDataJSON);
  if (!challenge) throw passkeyProblem(400, PASSKEY_UNREADABLE, { code: "UNREADABLE" });
  return { body, response, challenge };
}

/** The body of a "add this passkey" post: its response, the challenge it answers, the rest. */
export const readRegistration = (request: Request) =>
  readAnswer<RegistrationResponseJSON>(request, registration);

/** The body of a "sign in with this passkey" post. */
export const readAuthentication = (request: Request) =>
  readAnswer<AuthenticationResponseJSON>(request, authentication);
