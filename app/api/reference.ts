import type { OpenApiDocument } from "./openapi";
import { problemsOf } from "./openapi";
import { type Operation, OPERATIONS } from "./operations";
import { PROBLEM_CODES, type ProblemCode } from "./problem";

// The reference docs at /docs/api, read from the OpenAPI document and the operation table:
// for every operation its parameters, body fields, answers, problems and copyable examples.

type Schema = Record<string, unknown>;

export interface FieldRow {
  name: string;
  where: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  scope: string | null;
  fields: FieldRow[];
  success: { status: number; description: string; kind: string };
  problems: { status: number; code: ProblemCode; title: string }[];
  examples: { curl: string; fetch: string; python: string };
}

function resolve(document: OpenApiDocument, schema: unknown): Schema {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref) return (schema ?? {}) as Schema;
  const name = ref.split("/").at(-1)!;
  return (document.components?.schemas?.[name] ?? {}) as Schema;
}

/** "string (max 120)", "integer 1–100", "one of png, svg", "object". */
export function describeType(document: OpenApiDocument, raw: unknown): string {
  const schema = resolve(document, raw);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(", ")}`;
  if (schema.const !== undefined) return `"${String(schema.const)}"`;
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : String(schema.type ?? "");
  const limits: string[] = [];
  if (schema.minimum !== undefined && Number(schema.minimum) > -1e15)
    limits.push(`min ${String(schema.minimum)}`);
  if (schema.maximum !== undefined && Number(schema.maximum) < 1e15)
    limits.push(`max ${String(schema.maximum)}`);
  if (schema.maxLength !== undefined) limits.push(`max ${String(schema.maxLength)} characters`);
  if (schema.format) limits.push(String(schema.format));
  if (schema.anyOf || schema.oneOf) return "depends on type";
  return [type || "object", limits.length ? `(${limits.join(", ")})` : ""]
    .filter(Boolean)
    .join(" ");
}

function fieldsOf(document: OpenApiDocument, operation: Operation): FieldRow[] {
  const item = (document.paths?.[operation.path] as Record<string, unknown> | undefined)?.[
    operation.method
  ] as { parameters?: Schema[]; requestBody?: { content: Record<string, { schema: unknown }> } };
  const rows: FieldRow[] = (item?.parameters ?? []).map((parameter) => ({
    name: String(parameter.name),
    where: String(parameter.in),
    type: describeType(document, parameter.schema),
    required: parameter.required === true,
    description: String(
      parameter.description ?? (parameter.schema as Schema | undefined)?.description ?? "",
    ),
  }));
  const body = item?.requestBody?.content["application/json"]?.schema;
  if (body) {
    const schema = resolve(document, body);
    const variants = ((schema.oneOf ?? schema.anyOf) as unknown[] | undefined)?.map((v) =>
      resolve(document, v),
    ) ?? [schema];
    const seen = new Set<string>();
    for (const variant of variants) {
      const required = new Set((variant.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(
        (variant.properties ?? {}) as Record<string, Schema>,
      )) {
        if (seen.has(name)) continue;
        seen.add(name);
        const resolved = resolve(document, property);
        rows.push({
          name,
          where: "body",
          type:
            name === "type" && variants.length > 1
              ? `one of ${variants.map((v) => String((v.properties as Record<string, Schema>).type?.const)).join(", ")}`
              : name === "data" && variants.length > 1
                ? "object (see Code types)"
                : describeType(document, property),
          required: required.has(name),
          description:
            name === "data" && variants.length > 1
              ? "The fields of the chosen type: see Code types."
              : String(resolved.description ?? property.description ?? ""),
        });
      }
    }
  }
  return rows;
}

function urlOf(origin: string, operation: Operation): string {
  const example = operation.example as { path?: string; query?: string };
  return `${origin}/api/v1${example.path ?? operation.path}${example.query ? `?${example.query}` : ""}`;
}

function examplesOf(origin: string, operation: Operation) {
  const url = urlOf(origin, operation);
  const method = operation.method.toUpperCase();
  const body = (operation.example as { body?: unknown }).body;
  const json = body === undefined ? null : JSON.stringify(body, null, 2);
  const auth = operation.scope !== null;
  const image = operation.success.image === true;
  const curl = [
    `curl${method === "GET" ? "" : ` -X ${method}`} "${url}"`,
    ...(auth ? ['  -H "Authorization: Bearer $QRC_API_KEY"'] : []),
    ...(json
      ? [
          '  -H "Content-Type: application/json"',
          `  -H "Idempotency-Key: $(uuidgen)"`,
          `  -d '${JSON.stringify(body)}'`,
        ]
      : []),
    ...(image ? ["  --output code.png"] : []),
  ].join(" \\\n");
  const fetchLines = [
    `const response = await fetch("${url}", {`,
    ...(method === "GET" ? [] : [`  method: "${method}",`]),
    "  headers: {",
    ...(auth ? ["    Authorization: `Bearer ${process.env.QRC_API_KEY}`,"] : []),
    ...(json
      ? ['    "Content-Type": "application/json",', '    "Idempotency-Key": crypto.randomUUID(),']
      : []),
    "  },",
    ...(json ? [`  body: JSON.stringify(${json.replaceAll("\n", "\n  ")}),`] : []),
    "});",
    image
      ? "const image = await response.arrayBuffer();"
      : operation.success.status === 204
        ? "if (!response.ok) throw new Error(await response.text());"
        : "const result = await response.json();",
  ];
  const headers = [
    ...(auth ? ['        "Authorization": f"Bearer {os.environ[\'QRC_API_KEY\']}",'] : []),
    ...(json ? ['        "Idempotency-Key": str(uuid.uuid4()),'] : []),
  ];
  const python = [
    "import os",
    ...(json ? ["import uuid"] : []),
    "",
    "import requests",
    "",
    `response = requests.${operation.method}(`,
    `    "${url}",`,
    ...(headers.length ? ["    headers={", ...headers, "    },"] : []),
    ...(json ? [`    json=${pythonLiteral(body)},`] : []),
    "    timeout=30,",
    ")",
    "response.raise_for_status()",
    ...(image
      ? ['open("code.png", "wb").write(response.content)']
      : operation.success.status === 204
        ? []
        : ["result = response.json()"]),
  ].join("\n");
  return { curl, fetch: fetchLines.join("\n"), python };
}

/** JSON as a Python literal (True, False, None). */
function pythonLiteral(value: unknown): string {
  return JSON.stringify(value, null, 4)
    .replace(/\n/g, "\n    ")
    .replace(/\btrue\b/g, "True")
    .replace(/\bfalse\b/g, "False")
    .replace(/\bnull\b/g, "None");
}

export function referenceOperations(
  document: OpenApiDocument,
  origin: string,
): ReferenceOperation[] {
  return (OPERATIONS as readonly Operation[]).map((operation) => ({
    id: operation.id,
    method: operation.method.toUpperCase(),
    path: `/api/v1${operation.path}`,
    summary: operation.summary,
    description: operation.description,
    scope: operation.scope,
    fields: fieldsOf(document, operation),
    success: {
      status: operation.success.status,
      description: operation.success.description,
      kind: operation.success.image
        ? "image/png or image/svg+xml"
        : operation.success.status === 204
          ? "no content"
          : "application/json",
    },
    problems: problemsOf(operation)
      .map((code) => ({
        code,
        status: PROBLEM_CODES[code].status,
        title: PROBLEM_CODES[code].title,
      }))
      .sort((a, b) => a.status - b.status),
    examples: examplesOf(origin, operation),
  }));
}

/** The fields of each code type's `data`, from the document's components. */
export function codeTypeFields(document: OpenApiDocument) {
  return Object.entries(document.components?.schemas ?? {})
    .filter(([name]) => name.endsWith("Data"))
    .map(([name, raw]) => {
      const schema = raw as Schema;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      return {
        type: name.slice(0, -"Data".length).toLowerCase(),
        description: String(schema.description ?? ""),
        example: JSON.stringify(schema.example ?? {}),
        fields: Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(
          ([field, property]) => ({
            name: field,
            type: describeType(document, property),
            required: required.has(field),
          }),
        ),
      };
    });
}
