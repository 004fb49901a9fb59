import { createDatabase } from "../db/client.server";
import { describeError, log } from "../observability/log.server";
import { isStorageOutage } from "../observability/outage";
import { authenticate, requireScope } from "./auth.server";
import { type ApiContext, HANDLERS } from "./handlers.server";
import { claimIdempotencyKey } from "./idempotency.server";
import { matchPath, type Operation } from "./operations";
import { ApiProblem, invalidRequest, problemResponse } from "./problem";
import { appOrigin } from "../config/app-url.server";

// /api/v1/*: finds the operation, authenticates its key, validates the request with the
// operation's zod schemas, applies Idempotency-Key to POSTs, runs the handler, and turns every
// failure into problem+json. There is no CORS: keys are secrets and must not live in browsers.

/** A JSON body larger than this is refused before it is read (the largest valid is ~20 KB), unless
 * the operation takes more (maxBodyBytes). */
const MAX_BODY_BYTES = 64 * 1024;

export const API_PREFIX = "/api/v1";

function parseWith(schema: Operation["query"], input: unknown, prefix: string) {
  if (!schema) return {};
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequest(result.error, prefix);
  return result.data as Record<string, unknown>;
}

function tooLarge(limit: number): ApiProblem {
  const size = limit >= 1024 * 1024 ? `${Math.floor(limit / (1024 * 1024))} MB` : "64 KB";
  return new ApiProblem("payload_too_large", `Request bodies can be at most ${size}.`);
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const FORM_TYPE = /^multipart\/form-data\b/i;

/**
 * Reads and validates the body: JSON, or multipart/form-data where the operation takes an upload.
 * `raw` is what Idempotency-Key compares: the JSON as sent, or the form's fields and files' hashes
 * (a form's boundary differs on every try).
 */
async function readBody(
  request: Request,
  operation: Operation,
): Promise<{ raw: ArrayBuffer; body: Record<string, unknown> }> {
  const type = request.headers.get("Content-Type") ?? "";
  const form = operation.form && FORM_TYPE.test(type);
  if (!form && !JSON_TYPE.test(type)) {
    throw new ApiProblem(
      "unsupported_media_type",
      operation.form
        ? "Send the request body as JSON (Content-Type: application/json), or the file as multipart/form-data."
        : "Send the request body as JSON, with Content-Type: application/json.",
    );
  }
  const limit = operation.maxBodyBytes ?? MAX_BODY_BYTES;
  if (Number(request.headers.get("Content-Length") ?? "0") > limit) throw tooLarge(limit);
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > limit) throw tooLarge(limit);
  if (form) return readForm(bytes, type, operation.form!);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw new ApiProblem("invalid_request", "The request body is not valid JSON.", [
      { field: "body", message: "Not valid JSON." },
    ]);
  }
  const result = operation.body!.safeParse(value);
  if (!result.success) throw invalidRequest(result.error);
  return { raw: bytes, body: result.data as Record<string, unknown> };
}

async function readForm(
  bytes: ArrayBuffer,
  type: string,
  schema: NonNullable<Operation["form"]>,
): Promise<{ raw: ArrayBuffer; body: Record<string, unknown> }> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new ApiProblem(
      "invalid_request",
      "The multipart body could not be read. Send it as multipart/form-data with its boundary.",
      [{ field: "body", message: "Not valid multipart/form-data." }],
    );
  }
  const fields = Object.fromEntries(form);
  const result = schema.safeParse(fields);
  if (!result.success) throw invalidRequest(result.error);
  const names = Object.keys(fields).sort();
  const described = names.map((name) => {
    const value = fields[name]!;
    return [name, typeof value === "string" ? value : `${value.name}:${value.size}`];
  });
  const files = names.flatMap((name) => (typeof fields[name] === "string" ? [] : [fields[name]!]));
  const raw = await new Blob([JSON.stringify(described), ...files]).arrayBuffer();
  return { raw, body: result.data as Record<string, unknown> };
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
  if (operation.body) ({ raw, body } = await readBody(request, operation));
  const ctx: ApiContext = {
    request,
    origin: appOrigin(),
    db,
    caller,
    params,
    query,
    body,
    raw,
    waitUntil,
  };
  const run = () => HANDLERS[operation.id as keyof typeof HANDLERS](ctx);

  const idempotencyKey = request.headers.get("Idempotency-Key");
  if (operation.method !== "post" || !idempotencyKey || !caller || !raw) return run();
  const claim = await claimIdempotencyKey(db, caller.key.id, idempotencyKey, raw);
  if (claim.kind === "replay") return claim.response;
  try {
    return await claim.keep(await run());
  } catch (error) {
    if (error instanceof ApiProblem) return claim.keep(problemResponse(appOrigin(), error));
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
    if (error instanceof ApiProblem) return problemResponse(appOrigin(), error);
    if (isStorageOutage(error)) {
      return problemResponse(
        appOrigin(),
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
