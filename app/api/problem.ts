import type { z } from "../validation/zod";

// RFC 9457 problem details: every error of /api/v1 is application/problem+json with `type`,
// `title`, `status` and `detail`, plus a stable `code` and, for invalid input, `errors[]`.

export const PROBLEM_CODES = {
  unauthorized: { status: 401, title: "Authentication required" },
  key_revoked: { status: 401, title: "API key revoked" },
  key_expired: { status: 401, title: "API key expired" },
  insufficient_scope: { status: 403, title: "Missing scope" },
  plan_required: { status: 403, title: "Ultimate plan required" },
  workspace_suspended: { status: 403, title: "Workspace suspended" },
  save_limit_reached: { status: 403, title: "Save limit reached" },
  webhook_limit_reached: { status: 403, title: "Webhook limit reached" },
  style_limit_reached: { status: 403, title: "Brand style limit reached" },
  style_name_taken: { status: 409, title: "Brand style name taken" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  not_acceptable: { status: 406, title: "Not acceptable" },
  idempotency_key_in_use: { status: 409, title: "Request in progress" },
  bulk_job_not_done: { status: 409, title: "Batch not finished" },
  link_disabled: { status: 409, title: "Link disabled" },
  payload_too_large: { status: 413, title: "Request too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  invalid_request: { status: 400, title: "Invalid request" },
  idempotency_key_reused: { status: 422, title: "Idempotency key reused" },
  invalid_rows: { status: 422, title: "Invalid rows" },
  unsafe_destination: { status: 422, title: "Unsafe destination" },
  rate_limited: { status: 429, title: "Too many requests" },
  new_account_limit: { status: 429, title: "New account limit" },
  unavailable: { status: 503, title: "Temporarily unavailable" },
} as const;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export interface FieldError {
  field: string;
  message: string;
}

export class ApiProblem extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiProblem";
  }

  get status(): number {
    return PROBLEM_CODES[this.code].status;
  }
}

/** Where a problem type is explained: its section of the reference docs. */
export function problemType(origin: string, code: ProblemCode): string {
  return `${origin}/docs/api#error-${code.replaceAll("_", "-")}`;
}

export function problemResponse(origin: string, problem: ApiProblem): Response {
  const { title, status } = PROBLEM_CODES[problem.code];
  return new Response(
    JSON.stringify({
      type: problemType(origin, problem.code),
      title,
      status,
      detail: problem.detail,
      code: problem.code,
      ...(problem.errors ? { errors: problem.errors } : {}),
    }),
    {
      status,
      headers: {
        "Content-Type": "application/problem+json",
        "Cache-Control": "no-store",
        ...problem.headers,
      },
    },
  );
}

/** A failed zod parse as a 400 whose errors name each field (`data.url`, `customization.size`). */
export function invalidRequest(error: z.ZodError, prefix = ""): ApiProblem {
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "body";
    if (!errors.some((known) => known.field === field)) {
      errors.push({ field, message: issue.message });
    }
  }
  return new ApiProblem("invalid_request", errors[0]?.message ?? "Check the request.", errors);
}
