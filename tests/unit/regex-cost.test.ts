import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Issue #27, item 15: a regular expression in bulk file names took quadratic time (2.7 s at
// 80,000 characters). This reads every regular expression literal of the server's and the shared
// code's modules, as the TypeScript compiler sees them, and runs each against 100,000 hostile
// characters: runs of one character (and of pairs) that almost match, ended by one that does not.
// A regex whose cost grows faster than the input takes seconds here; each must stay under 50 ms.

const root = fileURLToPath(new URL("../..", import.meta.url));
const LENGTH = 100_000;
const BUDGET_MS = 50;

/** Every regex literal under app/ (not the UI components, which only format what they show). */
function regexLiterals(): { where: string; regex: RegExp }[] {
  const found: { where: string; regex: RegExp }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "components") walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        const source = ts.createSourceFile(
          path,
          readFileSync(path, "utf8"),
          ts.ScriptTarget.Latest,
        );
        const visit = (node: ts.Node) => {
          if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
            const text = node.getText(source);
            const end = text.lastIndexOf("/");
            const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
            found.push({
              where: `${relative(root, path)}:${line} ${text}`,
              regex: new RegExp(text.slice(1, end), text.slice(end + 1)),
            });
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
    }
  };
  walk(join(root, "app"));
  return found;
}

const ALPHABET = [
  " ",
  "\t",
  "\n",
  ".",
  "-",
  "_",
  "a",
  "A",
  "z",
  "0",
  "9",
  "/",
  "\\",
  "@",
  ":",
  "%",
  "+",
  "=",
  "&",
  "?",
  "#",
  ",",
  ";",
  "'",
  '"',
  "<",
  "(",
  "[",
  "{",
  "*",
  "\u00e9",
  "\u0000",
];

/** Runs of each character and of each pair, with and without a character that ends a match. */
function hostileInputs(): string[] {
  const inputs: string[] = [];
  for (const a of ALPHABET) {
    inputs.push(a.repeat(LENGTH), `${a.repeat(LENGTH - 1)}!`, `x${a.repeat(LENGTH - 2)}x`);
  }
  for (const [a, b] of [
    [".", " "],
    ["a", "."],
    ["a", "-"],
    ["a", " "],
    ["a", "@"],
    ["0", "."],
    ["a", "/"],
    ["a", ":"],
    ["%", "2"],
    ["\\", "/"],
    ["a", "_"],
    ["-", "."],
    ["a", "="],
    ["&", "a"],
  ] as const) {
    const pair = (a + b).repeat(LENGTH / 2);
    inputs.push(pair, `${pair.slice(0, -1)}!`, `${pair.slice(0, -1)}\u0000`);
  }
  return inputs;
}

/** The regex's work on one input, as code uses it: a search, and every match of a global one. */
function exercise(regex: RegExp, input: string): void {
  regex.lastIndex = 0;
  if (regex.global || regex.sticky) {
    input.replace(regex, "");
  } else {
    regex.exec(input);
  }
}

describe("every regular expression of the app", () => {
  const literals = regexLiterals();
  const inputs = hostileInputs();

  it("are found (the scan reads the modules it means to)", () => {
    expect(literals.length).toBeGreaterThan(100);
    expect(literals.some(({ where }) => where.startsWith("app/bulk/names.ts"))).toBe(true);
  });

  it.each(literals.map(({ where, regex }) => [where, regex] as const))(
    "%s stays linear on 100,000 hostile characters",
    (_where, regex) => {
      let worst = 0;
      let worstInput = "";
      for (const input of inputs) {
        // The best of three tries: a busy machine may pause one run, never all three.
        let took = Infinity;
        for (let attempt = 0; attempt < 3 && took >= BUDGET_MS; attempt++) {
          const started = performance.now();
          exercise(regex, input);
          took = Math.min(took, performance.now() - started);
        }
        if (took > worst) [worst, worstInput] = [took, input];
      }
      expect(
        worst,
        `worst input: ${JSON.stringify(worstInput.slice(0, 8))}… (${worstInput.length} chars)`,
      ).toBeLessThan(BUDGET_MS);
    },
  );
});
