import { createDatabase } from "../db/client.server";
import { describeError, log } from "../observability/log.server";
import { isStorageOutage } from "../observability/outage";
import { authenticate, requireScope } from "./auth.server";
import { type ApiContext, HANDLERS } from "./handlers.server";
import { claimIdempotencyKey } from "./idempotency.server";
import { matchPath, type Operation } from "./operations";
import { ApiProblem, invalidRequest, problemResponse } from "./problem";

// /api/v1/*: finds the operation, authenticates its key, validates the request with the
// operation's zod schemas, applies Idempotency-Key to POSTs, runs the handler, and turns every
// failure into problem+json. There is no CORS: keys are secrets and must not live in browsers.

/** A request body larger than this is refused before it is read (the largest valid is ~20 KB). */
const MAX_BODY_BYTES = 64 * 1024;

export const API_PREFIX = "/api/v1";

function parseWith(schema: Operation["query"], input: unknown, prefix: string) {
  if (!schema) return {};
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequest(result.error, prefix);
  return result.data as Record<string, unknown>;
}

async function readJson(request: Request): Promise<{ raw: ArrayBuffer; value: unknown }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiProblem(
      "unsupported_media_type",
      "Send the request body as JSON, with Content-Type: application/json.",
    );
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) {
    throw new ApiProblem("payload_too_large", "Request bodies can be at most 64 KB.");
  }
  const raw = await request.arrayBuffer();
  if (raw.byteLength > MAX_BODY_BYTES) {
    throw new ApiProblem("payload_too_large", "Request bodies can be at most 64 KB.");
  }
  try {
    return { raw, value: JSON.parse(new TextDecoder().decode(raw)) as unknown };
  } catch {
    throw new ApiProblem("invalid_request", "The request body is not valid JSON.", [
      { field: "body", message: "Not valid JSON." },
    ]);
  }
}

function findOperation(
  request: Request,
  path: string,
): { operation: Operation; params: Record<string, string> } {
  const match = matchPath(path);
  if (!match) {
    throw new ApiProblem(
      "not_found",
      `There is no ${path} in this API. See /docs/api for what there is.`,
    );
  }
  const method = request.method.toLowerCase();
  const operation = match.operations.find((candidate) => candidate.method === method);
  if (!operation) {
    const allowed = match.operations.map((candidate) => candidate.method.toUpperCase()).join(", ");
    throw new ApiProblem(
      "method_not_allowed",
      `${path} answers ${allowed}, not ${request.method}.`,
      undefined,
      { Allow: allowed },
    );
  }
  return { operation, params: match.params };
}

async function handle(
  request: Request,
  url: URL,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response> {
  const { operation, params: rawParams } = findOperation(
    request,
    url.pathname.slice(API_PREFIX.length) || "/",
  );
  const db = createDatabase();
  const caller = operation.scope ? await authenticate(request, db, waitUntil) : null;
  if (caller && operation.scope) requireScope(caller, operation.scope);

  const params = parseWith(operation.params, rawParams, "");
  const query = parseWith(operation.query, Object.fromEntries(url.searchParams), "");
  let body: Record<string, unknown> = {};
  let raw: ArrayBuffer | null = null;
  if (operation.body) {
    const read = await readJson(request);
    raw = read.raw;
    const result = operation.body.safeParse(read.value);
    if (!result.success) throw invalidRequest(result.error);
    body = result.data as Record<string, unknown>;
  }
  const ctx: ApiContext = { request, origin: url.origin, db, caller, params, query, body };
  const run = () => HANDLERS[operation.id as keyof typeof HANDLERS](ctx);

  const idempotencyKey = request.headers.get("Idempotency-Key");
  if (operation.method !== "post" || !idempotencyKey || !caller || !raw) return run();
  const claim = await claimIdempotencyKey(db, caller.key.id, idempotencyKey, raw);
  if (claim.kind === "replay") return claim.response;
  try {
    return await claim.keep(await run());
  } catch (error) {
    if (error instanceof ApiProblem) return claim.keep(problemResponse(url.origin, error));
    await claim.keep(new Response(null, { status: 500 }));
    throw error;
  }
}

/** Answers any request under /api/v1. */
export async function handleApiRequest(
  request: Request,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response> {
  const url = new URL(request.url);
  try {
    return await handle(request, url, waitUntil);
  } catch (error) {
    if (error instanceof ApiProblem) return problemResponse(url.origin, error);
    if (isStorageOutage(error)) {
      return problemResponse(
        url.origin,
        new ApiProblem(
          "unavailable",
          "Storage is briefly unavailable. Try again in a minute.",
          undefined,
          {
            "Retry-After": "30",
          },
        ),
      );
    }
    log("error", "api_error", { path: url.pathname, ...describeError(error) });
    return new Response(
      JSON.stringify({
        type: "about:blank",
        title: "Internal error",
        status: 500,
        detail:
          "Something went wrong on our side. Try again; if it keeps happening, contact support.",
        code: "internal_error",
      }),
      {
        status: 500,
        headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store" },
      },
    );
  }
}
