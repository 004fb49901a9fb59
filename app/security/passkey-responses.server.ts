import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { jsonProblem, NO_STORE, readJsonObject } from "../auth/responses.server";
import { z } from "../validation/zod";
import { answeredChallenge } from "./passkey-ceremonies.server";
import type { ChallengeProblem } from "./passkey-challenges.server";

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

export const UNREADABLE =
  "The passkey's answer could not be read. Please try again, or use another way to sign in.";

const CHALLENGE_PROBLEMS: Record<ChallengeProblem, string> = {
  "other-browser":
    "This passkey request was started in another tab or browser, or has expired. Please try again.",
  expired: "This passkey request has expired or was already used. Please try again.",
};

export const challengeProblem = (problem: ChallengeProblem) =>
  jsonProblem(400, CHALLENGE_PROBLEMS[problem], { code: "CHALLENGE" });

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
  if (!parsed.success) throw jsonProblem(400, UNREADABLE, { code: "UNREADABLE" });
  const response = parsed.data as T & { response: { clientDataJSON: string } };
  const challenge = answeredChallenge(response.response.clientDataJSON);
  if (!challenge) throw jsonProblem(400, UNREADABLE, { code: "UNREADABLE" });
  return { body, response, challenge };
}

/** The body of a "add this passkey" post: its response, the challenge it answers, the rest. */
export const readRegistration = (request: Request) =>
  readAnswer<RegistrationResponseJSON>(request, registration);

/** The body of a "sign in with this passkey" post. */
export const readAuthentication = (request: Request) =>
  readAnswer<AuthenticationResponseJSON>(request, authentication);
