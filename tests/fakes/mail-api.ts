import type http from "node:http";
import { freePorts, serveOnLoopback } from "./ports";

// A small stand-in for Resend's HTTP API (POST /emails) on loopback, for the worker tests of the
// vendors project (Vitest globalSetup, in Node). The app's own mail client talks to it through
// MAIL_API_BASE with the same request, headers and error bodies as Resend. Tests read what it
// received under /__control/.
//
// It misbehaves on purpose by recipient, never through a global switch, so that test files
// running side by side cannot disturb each other: mail to an address starting with "outage" gets
// Resend's 500, "throttled" its 429, and "refused" its 422 validation error.

interface ReceivedEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string | null;
}

const received: ReceivedEmail[] = [];
const byIdempotencyKey = new Map<string, ReceivedEmail>();
/** How many requests reached the API per recipient, accepted or not. */
const attempts = new Map<string, number>();

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function problem(response: http.ServerResponse, statusCode: number, name: string, message: string) {
  send(response, statusCode, { statusCode, name, message });
}

function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://fake");
  if (request.method === "GET" && url.pathname === "/__control/emails") {
    const to = url.searchParams.get("to");
    return send(response, 200, {
      emails: received.filter((email) => !to || email.to.includes(to)),
      attempts: to ? (attempts.get(to) ?? 0) : received.length,
    });
  }
  if (request.method !== "POST" || url.pathname !== "/emails") {
    return problem(response, 404, "not_found", "The requested endpoint does not exist.");
  }
  if (!/^Bearer re_\w+$/.test(request.headers.authorization ?? "")) {
    return problem(
      response,
      401,
      "missing_api_key",
      "Missing API key in the authorization header.",
    );
  }
  let email: Partial<ReceivedEmail>;
  try {
    email = JSON.parse(body) as Partial<ReceivedEmail>;
  } catch {
    return problem(response, 400, "validation_error", "The body is not valid JSON.");
  }
  if (!email.from || !Array.isArray(email.to) || !email.to.length || !email.subject) {
    return problem(response, 422, "validation_error", "`from`, `to` and `subject` are required.");
  }
  const to = email.to[0]!;
  attempts.set(to, (attempts.get(to) ?? 0) + 1);
  if (to.startsWith("outage")) {
    return problem(response, 500, "internal_server_error", "An unexpected error occurred.");
  }
  if (to.startsWith("throttled")) {
    return problem(response, 429, "rate_limit_exceeded", "Too many requests.");
  }
  if (to.startsWith("refused")) {
    return problem(response, 422, "validation_error", "Invalid `to` field.");
  }
  const key = request.headers["idempotency-key"];
  const idempotencyKey = typeof key === "string" ? key : null;
  const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
  if (earlier) return send(response, 200, { id: earlier.id });
  const stored: ReceivedEmail = {
    id: crypto.randomUUID(),
    from: email.from,
    to: email.to,
    subject: email.subject,
    text: email.text ?? "",
    html: email.html ?? "",
    idempotencyKey,
  };
  received.push(stored);
  if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, stored);
  send(response, 200, { id: stored.id });
}

/** Where the fake listens: chosen once per run, shared with the Vitest config via process.env. */
export async function fakeMailApiBase(): Promise<string> {
  process.env.FAKE_MAIL_PORT ??= String((await freePorts(1))[0]);
  return `http://127.0.0.1:${process.env.FAKE_MAIL_PORT}`;
}

export default async function startFakeMailApi() {
  return serveOnLoopback(Number(new URL(await fakeMailApiBase()).port), handle);
}
