import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Issue #28 "Also": the generator was one 511-line file; the designer must not become another.

const DIR = "app/components/generator";

describe("the generator's files", () => {
  it("are each at most 300 lines", () => {
    const long = readdirSync(DIR)
      .map((file) => ({ file, lines: readFileSync(`${DIR}/${file}`, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });
});
