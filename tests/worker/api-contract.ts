import { Validator } from "@cfworker/json-schema";
import { expect } from "vitest";
import { appFetch } from "./app";

// Checks answers of /api/v1 against the OpenAPI document the API serves, with a real JSON Schema
// (2020-12) validator: each answer's status must be documented for its operation, with its
// content type, and a JSON body must match the documented schema.

type Json = Record<string, unknown>;

let document: Json | undefined;

export async function openApi(): Promise<Json> {
  if (!document) {
    const response = await appFetch("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    document = await response.json<Json>();
  }
  return document;
}

/** The schema with every local $ref replaced by what it names. */
function inline(schema: unknown, root: Json, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, root, seen));
  if (!schema || typeof schema !== "object") return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) {
    if (seen.includes(ref)) throw new Error(`recursive ${ref}`);
    const target = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Json)[key], root);
    return inline(target, root, [...seen, ref]);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inline(value, root, seen)]),
  );
}

/** The documented operation a concrete path like /api/v1/qr-codes/42 belongs to. */
function operationFor(doc: Json, method: string, path: string): Json {
  const paths = doc.paths as Record<string, Json>;
  const relative = path.replace(/^\/api\/v1/, "").split("?")[0]!;
  for (const [template, item] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`);
    if (pattern.test(relative) && item[method.toLowerCase()]) {
      return item[method.toLowerCase()] as Json;
    }
  }
  throw new Error(`${method} ${path} is not in the OpenAPI document`);
}

/**
 * Asserts that `response` is a documented answer of `method path`, and returns its body: the
 * parsed JSON, or the bytes of an image or archive.
 */
export async function documented(
  method: string,
  path: string,
  response: Response,
): Promise<{ json?: Json; bytes?: Uint8Array }> {
  const doc = await openApi();
  const operation = operationFor(doc, method, path);
  const responses = operation.responses as Record<string, Json>;
  const documentedResponse = responses[String(response.status)];
  expect(
    documentedResponse,
    `${method} ${path} answered ${response.status}, which the document does not list`,
  ).toBeDefined();
  const content = (documentedResponse!.content ?? {}) as Record<string, { schema: unknown }>;
  const type = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
  if (Object.keys(content).length === 0) {
    expect(await response.text()).toBe("");
    return {};
  }
  expect(Object.keys(content), `${method} ${path} ${response.status} as ${type}`).toContain(type);
  if (
    type.startsWith("image/") ||
    ["application/zip", "application/pdf", "application/postscript"].includes(type)
  )
    return { bytes: new Uint8Array(await response.arrayBuffer()) };
  const json = await response.json<Json>();
  const schema = inline(content[type]!.schema, doc) as Json;
  const result = new Validator(schema, "2020-12", false).validate(json);
  expect(
    result.errors.map((error) => `${error.instanceLocation}: ${error.error}`),
    `${method} ${path} ${response.status} matches its schema`,
  ).toEqual([]);
  return { json };
}
