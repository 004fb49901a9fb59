import { ApiProblem, problemResponse } from "../api/problem";
import { MAX_CSV_BYTES } from "../bulk/csv";
import { LOGO_MAX_BYTES } from "../qr/logo";
import type { RequestInfo } from "../request-context";
import { SUPPORT_FORM_TOO_LARGE } from "../support/schemas";
import { escapeHtml } from "./escape-html";
import { withSecurityHeaders } from "./headers.server";

// The one guard on request bodies (issue #27, item 14), run by the Worker's fetch entry before
// any routing. Every route family has a limit: a body that declares more (Content-Length) is
// refused before a byte is read, and a body that streams past it (chunked, or lying about its
// length) is cut off by a counting stream, whose error the guard turns into the same 413 whatever
// the route made of the failed read. Each family answers in its own language: an HTML page,
// problem+json for /api/v1, JSON for the spec's /api/*.

type Answer = "page" | "problem" | "json";

interface Family {
  /** Whether a (decoded, lower-case) path belongs to the family. */
  matches: (path: string) => boolean;
  maxBytes: number;
  answer: Answer;
  message: string;
}

const KB = 1024;
const MB = 1024 * KB;
/** Room for a multipart form's boundaries and small fields around its file. */
const FORM_OVERHEAD = 64 * KB;
/** Forms of a few short fields (an address, a date, a message of 5,000 characters). */
const SMALL = 64 * KB;

const is = (exact: string) => (path: string) => path === exact;
const under = (prefix: string) => (path: string) => path.startsWith(prefix);

/** First match wins; the last family takes everything else. */
const FAMILIES: Family[] = [
  {
    // The largest operation (a bulk CSV); each operation may allow less (app/api/operations.ts).
    matches: under("/api/v1/"),
    maxBytes: MAX_CSV_BYTES + FORM_OVERHEAD,
    answer: "problem",
    message: "Request bodies can be at most 5 MB.",
  },
  {
    matches: is("/api/qr-codes/generate"),
    maxBytes: LOGO_MAX_BYTES + FORM_OVERHEAD,
    answer: "json",
    message: "Please choose a file smaller than 2MB.",
  },
  {
    // Stripe's events are a few KB; a generous bound still stops a flood.
    matches: is("/api/stripe/webhook"),
    maxBytes: 1 * MB,
    answer: "json",
    message: "The request body is larger than 1 MB.",
  },
  {
    matches: under("/api/"),
    maxBytes: SMALL,
    answer: "json",
    message: "The request body is larger than 64 KB.",
  },
  {
    matches: (path) => path === "/bulk" || path === "/bulk/",
    maxBytes: MAX_CSV_BYTES + FORM_OVERHEAD,
    answer: "page",
    message: "The file is larger than 5 MB. Split it into smaller files.",
  },
  {
    // The Brand tab's forms carry at most a 2 MB logo and a 100 KB favicon.
    matches: (path) => path === "/dashboard" || path === "/dashboard/",
    maxBytes: 3 * MB,
    answer: "page",
    message: "The upload is larger than 3 MB. Choose smaller files.",
  },
  {
    // A code's page: its forms carry an address, a date and a time zone.
    matches: under("/dashboard/codes/"),
    maxBytes: SMALL,
    answer: "page",
    message: "The form is larger than 64 KB. A web address and a date fit well within that.",
  },
  {
    matches: (path) => path === "/support" || under("/support/")(path) || under("/staff/")(path),
    maxBytes: SMALL,
    answer: "page",
    message: SUPPORT_FORM_TOO_LARGE,
  },
  {
    // The generator's "Add logo" posts a 2 MB logo.
    matches: is("/"),
    maxBytes: LOGO_MAX_BYTES + FORM_OVERHEAD,
    answer: "page",
    message: "Please choose a file smaller than 2MB.",
  },
  {
    matches: () => true,
    maxBytes: SMALL,
    answer: "page",
    message: "The form is larger than 64 KB.",
  },
];

/** The family of a path as the router sees it: decoded, case ignored. */
export function bodyFamily(pathname: string): Family {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape routes nowhere in particular: the strictest family below applies.
  }
  path = path.toLowerCase();
  return FAMILIES.find((family) => family.matches(path))!;
}

/** The counting stream's error: a body that went past its family's limit. */
export class BodyTooLargeError extends Error {
  constructor() {
    super("The request body is larger than this address accepts.");
    this.name = "BodyTooLargeError";
  }
}

/**
 * Runs `handle` with the request's body limited to its route family's size, or answers 413
 * itself: at once when Content-Length is over, or when the body streamed past the limit while the
 * app read it (whatever the app answered then).
 */
export async function withinBodyLimit(
  request: Request,
  info: Pick<RequestInfo, "nonce" | "requestId">,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  if (!request.body) return handle(request);
  const family = bodyFamily(new URL(request.url).pathname);
  const refuse = () => withSecurityHeaders(request, tooLarge(request, family), info);
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > family.maxBytes) return refuse();
  let seen = 0;
  let exceeded = false;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > family.maxBytes) {
          exceeded = true;
          controller.error(new BodyTooLargeError());
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  const bounded = new Request(request, { body: counted, duplex: "half" } as RequestInit);
  const response = await handle(bounded);
  if (!exceeded) return response;
  await response.body?.cancel();
  return refuse();
}

function tooLarge(request: Request, family: Family): Response {
  const headers = { "Cache-Control": "no-store" };
  if (family.answer === "problem") {
    const origin = new URL(request.url).origin;
    const response = problemResponse(origin, new ApiProblem("payload_too_large", family.message));
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }
  if (family.answer === "json") {
    return Response.json(
      { title: "Request too large", message: family.message, code: "PAYLOAD_TOO_LARGE" },
      { status: 413, headers },
    );
  }
  // Back to the page the form was on; a path that a browser would read as another host is not one.
  const path = new URL(request.url).pathname;
  const back = escapeHtml(/^\/(?![/\\])/.test(path) ? path : "/");
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large to send - QR Code Creator</title></head>
<body>
<main>
<h1>Too large to send</h1>
<p role="alert">${escapeHtml(family.message)}</p>
<p>Nothing was saved. <a href="${back}">Go back and try again</a>.</p>
</main>
</body>
</html>
`;
  return new Response(page, {
    status: 413,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}
