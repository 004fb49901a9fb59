import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../app/api/openapi";
import { OPERATIONS } from "../../app/api/operations";
import { createCodeSchema, imageRequestSchema } from "../../app/api/schemas";

// The generated OpenAPI document against the OpenAPI 3.1 specification's own JSON Schema, and
// the schemas it is generated from against the requests they document.

/** The document read freely: the first test has checked it against the specification. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Loose = Record<string, any>;

describe("the OpenAPI document", () => {
  const document = openApiDocument("https://qr.example.com");

  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("documents each operation once, with a unique id, and every problem with the problem schema", () => {
    const ids = OPERATIONS.map((operation) => operation.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of OPERATIONS) {
      const item = (document.paths as Record<string, Loose>)[operation.path]![operation.method];
      expect(item.operationId).toBe(operation.id);
      for (const [status, response] of Object.entries(item.responses as Loose)) {
        if (Number(status) >= 400) {
          expect(response.content["application/problem+json"].schema).toEqual({
            $ref: "#/components/schemas/Problem",
          });
        }
      }
    }
  });

  it("documents the bulk upload both as JSON rows and as a CSV file in multipart/form-data", () => {
    const content = (document.paths as Record<string, Loose>)["/bulk-jobs"]!.post.requestBody
      .content as Loose;
    expect(content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/BulkJobRequest",
    });
    const schemas = (document.components as Loose).schemas as Loose;
    expect(content["multipart/form-data"].schema).toEqual({
      $ref: "#/components/schemas/BulkJobUpload",
    });
    expect(schemas.BulkJobUpload.properties.file).toMatchObject({
      type: "string",
      contentMediaType: "text/csv",
    });
    expect(schemas.BulkJobUpload.required).toEqual(["file"]);
    const archive = (document.paths as Record<string, Loose>)["/bulk-jobs/{id}/archive"]!.get;
    expect(Object.keys(archive.responses["200"].content)).toEqual(["application/zip"]);
  });

  it("the examples it shows are requests the API accepts", () => {
    for (const schema of [imageRequestSchema, createCodeSchema]) {
      const example = (schema.meta() as { example: unknown }).example;
      expect(schema.safeParse(example).success).toBe(true);
    }
    for (const operation of OPERATIONS) {
      const body = (operation.example as { body?: unknown }).body;
      if ("body" in operation && operation.body && body !== undefined) {
        expect(operation.body.safeParse(body).success, operation.id).toBe(true);
      }
    }
  });
});
