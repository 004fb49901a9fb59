import type { z } from "../validation/zod";
import type { ApiScope } from "./keys";
import type { ProblemCode } from "./problem";
import {
  bulkJobFormSchema,
  bulkJobIdParams,
  bulkJobRequestSchema,
  bulkJobSchema,
} from "./bulk-schemas";
import {
  analyticsQuery,
  analyticsSchema,
  codeIdParams,
  codeListSchema,
  codeSchema,
  createCodeSchema,
  imageQuery,
  imageRequestSchema,
  listCodesQuery,
  updateCodeSchema,
  usageSchema,
} from "./schemas";
import { createStyleSchema, styleIdParams, styleListSchema, styleSchema } from "./style-schemas";
import { scanAnalyticsSchema, scanQuery } from "./scan-schemas";
import { createWebhookSchema, webhookIdParams, webhookSchema } from "./webhook-schemas";

// Every operation of /api/v1, once: the router matches requests against this table and the
// OpenAPI document and the reference docs are generated from it. A handler per operation id
// lives in app/api/handlers.server.ts.

export type HttpMethod = "get" | "post" | "patch" | "delete";

export interface SuccessResponse {
  status: 200 | 201 | 204;
  description: string;
  /** JSON answers; absent for images and empty answers. */
  schema?: z.ZodType;
  /** The answer is a PNG or SVG image. */
  image?: boolean;
  /** The answer is a ZIP archive. */
  archive?: boolean;
}

export interface Operation {
  id: string;
  method: HttpMethod;
  /** The path after /api/v1, with `{name}` for path parameters. */
  path: string;
  summary: string;
  description: string;
  tag: "Images" | "Codes" | "Styles" | "Bulk" | "Analytics" | "Webhooks" | "Account" | "Meta";
  /** The scope a key needs; null for what needs no key. */
  scope: ApiScope | null;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body may instead be multipart/form-data of this shape (a file upload). */
  form?: z.ZodObject;
  /** The largest body taken, when more than the 64 KB every other call is held to. */
  maxBodyBytes?: number;
  success: SuccessResponse;
  /** The problems this operation can answer besides those of every authenticated call. */
  problems: ProblemCode[];
  /** What the examples send. */
  example: { path?: string; query?: string; body?: unknown };
}

/** What any call with a key can meet. */
export const COMMON_PROBLEMS: ProblemCode[] = [
  "unauthorized",
  "key_revoked",
  "key_expired",
  "insufficient_scope",
  "plan_required",
  "workspace_suspended",
  "rate_limited",
];

/** What any POST can meet besides: a body that is not JSON, and Idempotency-Key mistakes. */
export const POST_PROBLEMS: ProblemCode[] = [
  "unsupported_media_type",
  "payload_too_large",
  "idempotency_key_reused",
  "idempotency_key_in_use",
];

export const OPERATIONS = [
  {
    id: "createImage",
    method: "post",
    path: "/images",
    summary: "Make a code image",
    description:
      "Renders a QR code as PNG, SVG, PDF or EPS without saving it, with the generator's rules: the same fields, sizes, colour-contrast check and messages, and the design of `customization` (shapes, corner styles, gradient, frame). A styled design is decoded before it is answered; one that does not scan is refused with a 400 naming the part. `printWidth` with `printUnit` and `dpi` draws a PNG for print (its pHYs states the resolution) or sizes a PDF or EPS; `cmyk` writes PDF and EPS colours as CMYK. The format comes from `format`, else from the Accept header (image/svg+xml, image/png, application/pdf or application/postscript), else PNG. `customization.styleId` draws a brand style of the workspace, the other customization fields over it.",
    tag: "Images",
    scope: "codes:write",
    body: imageRequestSchema,
    success: { status: 200, description: "The image.", image: true },
    problems: ["invalid_request", "not_acceptable", "not_found"],
    example: {
      body: {
        type: "url",
        data: { url: "https://example.com/menu" },
        customization: { dotShape: "rounded", cornerShape: "extra-rounded", frame: "box" },
        format: "pdf",
        cmyk: true,
      },
    },
  },
  {
    id: "createCode",
    method: "post",
    path: "/qr-codes",
    summary: "Save a code",
    description:
      "Saves a code in the key's workspace, recorded as made by the key's creator. With `trackScans`, a URL code encodes a short link that counts scans and redirects to the address. `customization.styleId` saves it in a brand style of the workspace (the other customization fields override the style's); the code keeps the design, not a link to the style.",
    tag: "Codes",
    scope: "codes:write",
    body: createCodeSchema,
    success: { status: 201, description: "The saved code.", schema: codeSchema },
    problems: [
      "invalid_request",
      "save_limit_reached",
      "not_found",
      "unsafe_destination",
      "new_account_limit",
    ],
    example: {
      body: {
        type: "url",
        data: { url: "https://example.com/menu" },
        customization: { size: 512, styleId: "bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c" },
        title: "Menu, table 12",
        trackScans: true,
      },
    },
  },
  {
    id: "listCodes",
    method: "get",
    path: "/qr-codes",
    summary: "List saved codes",
    description:
      "The workspace's codes, newest first, a page at a time. Pass the page's `nextStartingAfter` as `starting_after` for the next one; codes saved meanwhile never shift a page.",
    tag: "Codes",
    scope: "codes:read",
    query: listCodesQuery,
    success: { status: 200, description: "A page of codes.", schema: codeListSchema },
    problems: ["invalid_request"],
    example: { query: "limit=20" },
  },
  {
    id: "getCode",
    method: "get",
    path: "/qr-codes/{id}",
    summary: "Get a code",
    description: "One saved code of the key's workspace.",
    tag: "Codes",
    scope: "codes:read",
    params: codeIdParams,
    success: { status: 200, description: "The code.", schema: codeSchema },
    problems: ["not_found"],
    example: { path: "/qr-codes/42" },
  },
  {
    id: "updateCode",
    method: "patch",
    path: "/qr-codes/{id}",
    summary: "Change a code",
    description:
      "Renames a code, shares it (`public`) or stops sharing it, or changes where a tracked URL code leads (`destination`, Premium's and Ultimate's dynamic codes): the image and its short link stay the same, and the next scan goes to the new address. A destination that is not a web address, or leads back into this service (our pages, short links or custom domains: a redirect loop), is refused and nothing changes. A link our team disabled for abuse keeps its destination (`link_disabled`).",
    tag: "Codes",
    scope: "codes:write",
    params: codeIdParams,
    body: updateCodeSchema,
    success: { status: 200, description: "The changed code.", schema: codeSchema },
    problems: [
      "not_found",
      "invalid_request",
      "unsupported_media_type",
      "link_disabled",
      "unsafe_destination",
    ],
    example: { path: "/qr-codes/42", body: { destination: "https://example.com/shop" } },
  },
  {
    id: "deleteCode",
    method: "delete",
    path: "/qr-codes/{id}",
    summary: "Delete a code",
    description:
      "Deletes a code with its downloads and scans. A printed tracked code then answers that it was deleted.",
    tag: "Codes",
    scope: "codes:write",
    params: codeIdParams,
    success: { status: 204, description: "Deleted." },
    problems: ["not_found"],
    example: { path: "/qr-codes/42" },
  },
  {
    id: "getCodeImage",
    method: "get",
    path: "/qr-codes/{id}/image",
    summary: "Download a code's image",
    description:
      "The saved code as PNG, SVG, PDF or EPS in its design, at its own size or another (or a print width for PNG, PDF and EPS, with `cmyk` for PDF and EPS). A tracked code encodes its short link. Counts as a download in the analytics.",
    tag: "Codes",
    scope: "codes:read",
    params: codeIdParams,
    query: imageQuery,
    success: { status: 200, description: "The image.", image: true },
    problems: ["not_found", "invalid_request"],
    example: { path: "/qr-codes/42/image", query: "format=svg&size=1024" },
  },
  {
    id: "createBulkJob",
    method: "post",
    path: "/bulk-jobs",
    summary: "Make many codes at once",
    description:
      "Makes a ZIP of code images, one a row, plus manifest.csv (row, status, file name, code id, tracked link, error), with the /bulk page's rules: the same columns, messages and plan limits (rows per batch: Premium 1,000, Ultimate 10,000). Send JSON `rows`, or the CSV file as multipart/form-data with the options as fields: `curl -F file=@codes.csv -F format=png -F save=true …`. Up to 100 rows are made before the answer (status done); larger batches are made in the background (status queued): poll the batch, or wait for the e-mail to the key's creator. Archives are kept 7 days.",
    tag: "Bulk",
    scope: "codes:write",
    body: bulkJobRequestSchema,
    form: bulkJobFormSchema,
    maxBodyBytes: 5 * 1024 * 1024 + 64 * 1024,
    success: { status: 201, description: "The batch.", schema: bulkJobSchema },
    problems: ["invalid_request", "invalid_rows", "not_found"],
    example: {
      body: {
        rows: [
          { url: "https://example.com/menu?table=1", title: "Table 1" },
          { url: "https://example.com/menu?table=2", title: "Table 2" },
        ],
        format: "png",
        save: true,
      },
    },
  },
  {
    id: "getBulkJob",
    method: "get",
    path: "/bulk-jobs/{id}",
    summary: "Get a batch",
    description:
      "A batch of the key's workspace: its status, how many rows are made, and the archive's address once it is done.",
    tag: "Bulk",
    scope: "codes:read",
    params: bulkJobIdParams,
    success: { status: 200, description: "The batch.", schema: bulkJobSchema },
    problems: ["not_found", "invalid_request"],
    example: { path: "/bulk-jobs/0b7c9a5e-3f1d-4d2a-9c1e-5a8b7f6e4d3c" },
  },
  {
    id: "getBulkJobArchive",
    method: "get",
    path: "/bulk-jobs/{id}/archive",
    summary: "Download a batch's ZIP",
    description:
      "The finished batch's ZIP: one image a row (PNG, SVG or both) and manifest.csv. Refused (409) while the batch is still being made.",
    tag: "Bulk",
    scope: "codes:read",
    params: bulkJobIdParams,
    success: { status: 200, description: "The ZIP archive.", archive: true },
    problems: ["not_found", "invalid_request", "bulk_job_not_done"],
    example: { path: "/bulk-jobs/0b7c9a5e-3f1d-4d2a-9c1e-5a8b7f6e4d3c/archive" },
  },
  {
    id: "getCodeAnalytics",
    method: "get",
    path: "/qr-codes/{id}/analytics",
    summary: "A code's scans and downloads",
    description:
      "Scans and downloads per UTC day, and scans by country and device, between `from` and `to` (at most 366 days). Days before what the plan keeps are left out.",
    tag: "Analytics",
    scope: "analytics:read",
    params: codeIdParams,
    query: analyticsQuery,
    success: { status: 200, description: "The code's analytics.", schema: analyticsSchema },
    problems: ["not_found", "invalid_request"],
    example: { path: "/qr-codes/42/analytics", query: "from=2026-01-01&to=2026-01-31" },
  },
  {
    id: "getCodeScans",
    method: "get",
    path: "/qr-codes/{id}/scans",
    summary: "A code's scans over time, and by place or device",
    description:
      "Scans and unique scanners per hour, day, week or month in the given time zone, between `from` and `to`, and with `groupBy` the most scanned countries, regions, cities, time zones, devices, operating systems or browsers. Bots and link previewers are counted apart. Days before what the plan keeps are left out.",
    tag: "Analytics",
    scope: "analytics:read",
    params: codeIdParams,
    query: scanQuery,
    success: { status: 200, description: "The code's scans.", schema: scanAnalyticsSchema },
    problems: ["not_found", "invalid_request"],
    example: {
      path: "/qr-codes/42/scans",
      query: "from=2026-01-01&to=2026-01-31&interval=week&timezone=Europe/Berlin&groupBy=country",
    },
  },
  {
    id: "getWorkspaceScans",
    method: "get",
    path: "/scans",
    summary: "The workspace's scans over time, and by place or device",
    description:
      "As for one code, over all of the workspace's codes: scans and unique scanners (each counted once per code and day) per interval in the given time zone, and with `groupBy` a breakdown.",
    tag: "Analytics",
    scope: "analytics:read",
    query: scanQuery,
    success: { status: 200, description: "The workspace's scans.", schema: scanAnalyticsSchema },
    problems: ["invalid_request"],
    example: { path: "/scans", query: "interval=month&timezone=America/New_York&groupBy=device" },
  },
  {
    id: "createWebhook",
    method: "post",
    path: "/webhooks",
    summary: "Subscribe a webhook endpoint",
    description:
      "Adds an endpoint that gets the chosen events as signed POSTs (Standard Webhooks; see /docs/api#webhooks), the way Zapier's REST hooks subscribe. The answer carries the signing secret. A workspace has at most 10 endpoints; the address must be https on the standard port and public.",
    tag: "Webhooks",
    scope: "webhooks:write",
    body: createWebhookSchema,
    success: { status: 201, description: "The endpoint, with its secret.", schema: webhookSchema },
    problems: ["invalid_request", "webhook_limit_reached"],
    example: {
      body: {
        url: "https://hooks.zapier.com/hooks/standard/123/abc/",
        events: ["qr_code.scanned"],
      },
    },
  },
  {
    id: "deleteWebhook",
    method: "delete",
    path: "/webhooks/{id}",
    summary: "Unsubscribe a webhook endpoint",
    description: "Removes the endpoint: no more events go to it (Zapier's unsubscribe).",
    tag: "Webhooks",
    scope: "webhooks:write",
    params: webhookIdParams,
    success: { status: 204, description: "Removed." },
    problems: ["not_found", "invalid_request"],
    example: { path: "/webhooks/we_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c" },
  },
  {
    id: "listStyles",
    method: "get",
    path: "/styles",
    summary: "List brand styles",
    description:
      "The workspace's brand styles (saved designs), by name. Send a style's id as `customization.styleId` to draw a code in it.",
    tag: "Styles",
    scope: "styles:read",
    success: { status: 200, description: "The styles.", schema: styleListSchema },
    problems: [],
    example: {},
  },
  {
    id: "createStyle",
    method: "post",
    path: "/styles",
    summary: "Save a brand style",
    description:
      "Saves a design under a name, with the Brand styles tab's checks: the design's fields and contrast rules, a decode check of a code drawn in it, a name used once per workspace and at most 50 styles.",
    tag: "Styles",
    scope: "styles:write",
    body: createStyleSchema,
    success: { status: 201, description: "The saved style.", schema: styleSchema },
    problems: ["invalid_request", "style_limit_reached", "style_name_taken"],
    example: {
      body: {
        name: "Spring menu",
        design: { dotShape: "rounded", fgColor: "#1d4ed8", frame: "box" },
      },
    },
  },
  {
    id: "deleteStyle",
    method: "delete",
    path: "/styles/{id}",
    summary: "Delete a brand style",
    description: "Deletes the style. Codes saved with it keep their design.",
    tag: "Styles",
    scope: "styles:write",
    params: styleIdParams,
    success: { status: 204, description: "Deleted." },
    problems: ["not_found", "invalid_request"],
    example: { path: "/styles/bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c" },
  },
  {
    id: "getUsage",
    method: "get",
    path: "/usage",
    summary: "Plan, limits and usage",
    description: "The workspace's plan, its limits, and how much of them is used.",
    tag: "Account",
    scope: "codes:read",
    success: { status: 200, description: "Usage.", schema: usageSchema },
    problems: [],
    example: {},
  },
  {
    id: "getOpenApiDocument",
    method: "get",
    path: "/openapi.json",
    summary: "This API's OpenAPI document",
    description: "The OpenAPI 3.1 document of /api/v1. Needs no key.",
    tag: "Meta",
    scope: null,
    success: { status: 200, description: "The OpenAPI document." },
    problems: [],
    example: {},
  },
] as const satisfies readonly Operation[];

export type OperationId = (typeof OPERATIONS)[number]["id"];

/** Each distinct path once, as a pattern with its parameters' names (built once per isolate). */
const PATTERNS = [...new Set(OPERATIONS.map((operation) => operation.path))].map((path) => {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    })}$`,
  );
  return {
    pattern,
    names,
    operations: (OPERATIONS as readonly Operation[]).filter((operation) => operation.path === path),
  };
});

/** The operations whose path matches, with the path's parameters. */
export function matchPath(
  path: string,
): { operations: Operation[]; params: Record<string, string> } | null {
  for (const { pattern, names, operations } of PATTERNS) {
    const match = pattern.exec(path);
    if (match) {
      return {
        operations,
        params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])),
      };
    }
  }
  return null;
}
