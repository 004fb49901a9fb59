import type { AuthFailure } from "./accounts.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** A JSON error the client reads from `message` (spec section 8). */
export function jsonProblem(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ message, ...extra }, { status, headers: NO_STORE });
}

/** A JSON answer that also sets (or clears) the session cookie; never stored by a cache. */
export function jsonWithCookie(body: unknown, setCookie: string, status = 200) {
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", setCookie);
  return Response.json(body, { status, headers });
}

/** The JSON object of a request body, or a 400/415 Response to throw. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  if (!request.headers.get("Content-Type")?.includes("application/json")) {
    throw jsonProblem(415, "Send the details as JSON (Content-Type: application/json).");
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw jsonProblem(400, "The request body is not valid JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw jsonProblem(400, "Send a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** An AuthFailure as the API's JSON: the message, and each field's first problem. */
export function authFailureResponse(failure: AuthFailure): Response {
  const fieldErrors: Record<string, string[] | null> = failure.reply.error ?? {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (field !== "" && messages?.[0]) errors[field] = messages[0];
  }
  const message =
    failure.status === 400 && Object.keys(errors).length
      ? Object.values(errors)[0]!
      : failure.message;
  return jsonProblem(failure.status, message, Object.keys(errors).length ? { errors } : {});
}

/** True when the caller is a script that wants JSON rather than a page to go to. */
export function wantsJson(request: Request): boolean {
  const type = request.headers.get("Content-Type") ?? "";
  const accept = request.headers.get("Accept") ?? "";
  return (
    type.includes("application/json") ||
    (accept.includes("application/json") && !accept.includes("text/html"))
  );
}

export { NO_STORE };
