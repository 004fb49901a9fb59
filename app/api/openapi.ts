import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { z } from "../validation/zod";
import { SCOPE_DESCRIPTIONS } from "./keys";
import { COMMON_PROBLEMS, type Operation, OPERATIONS, POST_PROBLEMS } from "./operations";
import { PROBLEM_CODES, type ProblemCode } from "./problem";
import { problemSchema } from "./schemas";

// The OpenAPI 3.1 document of /api/v1, generated with zod-openapi from the operation table and
// the zod schemas the handlers validate with. Built once per isolate and origin.

export const API_VERSION = "1.0.0";

const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().max(255).optional().meta({
    description:
      "Any unique string (a UUID). Sending the same key with the same body within 24 hours returns the first answer again instead of doing the work twice; the same key with another body is refused (422).",
    example: "3f0c9a4e-8f1e-4c1b-9d8a-2a6f0d3e7b51",
  }),
});

/** Every problem the operation can answer, one response per status. */
export function problemsOf(operation: Operation): ProblemCode[] {
  return [
    ...new Set([
      ...(operation.scope ? COMMON_PROBLEMS : []),
      ...(operation.method === "post" ? POST_PROBLEMS : []),
      ...operation.problems,
    ]),
  ];
}

function responsesOf(operation: Operation): ZodOpenApiResponsesObject {
  const { success } = operation;
  const responses: ZodOpenApiResponsesObject = {
    [success.status]: {
      description: success.description,
      ...(success.image
        ? {
            content: {
              "image/png": { schema: { type: "string", contentMediaType: "image/png" } },
              "image/svg+xml": { schema: { type: "string", contentMediaType: "image/svg+xml" } },
              "application/pdf": {
                schema: { type: "string", contentMediaType: "application/pdf" },
              },
              "application/postscript": {
                schema: { type: "string", contentMediaType: "application/postscript" },
              },
            },
          }
        : success.archive
          ? {
              content: {
                "application/zip": {
                  schema: { type: "string", contentMediaType: "application/zip" },
                },
              },
            }
          : success.schema
            ? { content: { "application/json": { schema: success.schema } } }
            : operation.id === "getOpenApiDocument"
              ? { content: { "application/json": { schema: { type: "object" } } } }
              : {}),
    },
  };
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of problemsOf(operation)) {
    const { status } = PROBLEM_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[`${status}` as `4${string}`] = {
      description: codes.map((code) => `\`${code}\`: ${PROBLEM_CODES[code].title}`).join("; "),
      ...(status === 429
        ? {
            headers: {
              "Retry-After": {
                description: "Seconds to wait before trying again.",
                schema: { type: "integer" },
              },
            },
          }
        : {}),
      content: { "application/problem+json": { schema: problemSchema } },
    };
  }
  return responses;
}

function operationObject(operation: Operation): ZodOpenApiOperationObject {
  const header = operation.method === "post" ? idempotencyHeader : undefined;
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: operation.scope
      ? `${operation.description}\n\nNeeds the \`${operation.scope}\` scope.`
      : operation.description,
    tags: [operation.tag],
    ...(operation.scope ? {} : { security: [] }),
    ...(operation.params || operation.query || header
      ? {
          requestParams: {
            ...(operation.params ? { path: operation.params } : {}),
            ...(operation.query ? { query: operation.query } : {}),
            ...(header ? { header } : {}),
          },
        }
      : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: operation.body },
              ...(operation.form ? { "multipart/form-data": { schema: operation.form } } : {}),
            },
          },
        }
      : {}),
    responses: responsesOf(operation),
  };
}

function buildDocument(origin: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of OPERATIONS as readonly Operation[]) {
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: operationObject(operation),
    };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "QR Code Creator API",
      version: API_VERSION,
      description:
        "Make QR code images, save codes, and read their analytics from your own systems. Available on the Ultimate plan. Reference: /docs/api.",
    },
    servers: [{ url: `${origin}/api/v1` }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "Images", description: "Code images without saving." },
      { name: "Codes", description: "Saved codes of the key's workspace." },
      { name: "Bulk", description: "Many codes at once, as a ZIP." },
      { name: "Analytics", description: "Scans and downloads." },
      {
        name: "Styles",
        description: "Brand styles: a workspace's saved designs, used with customization.styleId.",
      },
      { name: "Webhooks", description: "Endpoints that get events as they happen (REST hooks)." },
      { name: "Account", description: "Plan and usage." },
      { name: "Meta", description: "About the API itself." },
    ],
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key from the dashboard's API tab, sent as \`Authorization: Bearer qrc_…\`. Scopes: ${Object.entries(
            SCOPE_DESCRIPTIONS,
          )
            .map(([scope, what]) => `\`${scope}\` (${what.toLowerCase()})`)
            .join(", ")}.`,
        },
      },
    },
    paths,
  });
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;

const built = new Map<string, OpenApiDocument>();

/** The document for this origin (its servers entry names the origin). */
export function openApiDocument(origin: string): OpenApiDocument {
  let document = built.get(origin);
  if (!document) {
    document = buildDocument(origin);
    built.set(origin, document);
  }
  return document;
}
