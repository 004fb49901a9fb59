// Issue #32: every message exists in every language, keeps its placeholders and its rich-text
// tags, and parses as ICU; the pseudo-locale keeps them too.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../app/i18n/locales";
import { NAMESPACES } from "../../app/i18n/namespaces";
import { pseudoMessage } from "../../app/i18n/pseudo";

const ROOT = join(import.meta.dirname, "../../app/i18n/messages");

function catalogue(code: string, namespace: string): Record<string, string> | null {
  const file = join(ROOT, code, `${namespace}.json`);
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>)
    : null;
}

/** The placeholders, plural/select arguments and numbered tags a message needs to keep. */
function slots(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") found.add(`{${token.arg}}`);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        found.add(`{${token.arg}}`);
        for (const arm of token.cases) walk(arm.tokens);
      }
    }
  };
  walk(parse(message));
  for (const tag of message.matchAll(/<(\/?)(\w+)(\/?)>/g)) found.add(tag[0]);
  return [...found].sort();
}

const english = NAMESPACES.map((namespace) => ({
  namespace,
  messages: catalogue("en", namespace),
}));

describe("message catalogues", () => {
  it("has an English file for every namespace, each id under its namespace (or zod.)", () => {
    for (const { namespace, messages } of english) {
      expect(messages, `app/i18n/messages/en/${namespace}.json`).not.toBeNull();
      for (const id of Object.keys(messages ?? {})) {
        expect(id.startsWith(`${namespace}.`) || id.startsWith("zod."), `${namespace}: ${id}`).toBe(
          true,
        );
      }
    }
  });

  it("gives an id shared by two namespaces (a zod message) the same English text", () => {
    const seen = new Map<string, string>();
    for (const { namespace, messages } of english) {
      for (const [id, text] of Object.entries(messages ?? {})) {
        if (seen.has(id)) expect(text, `${namespace}: ${id}`).toBe(seen.get(id));
        seen.set(id, text);
      }
    }
  });

  it("gives an id shared by two namespaces the same translation in every language", () => {
    // A page loads several namespaces into one table: two wordings of one message would make the
    // text depend on which namespace happened to load last.
    for (const locale of LOCALES) {
      const seen = new Map<string, string>();
      for (const namespace of NAMESPACES) {
        for (const [id, text] of Object.entries(catalogue(locale.code, namespace) ?? {})) {
          if (seen.has(id)) expect(text, `${locale.code} ${namespace}: ${id}`).toBe(seen.get(id));
          seen.set(id, text);
        }
      }
    }
  });

  it("parses every message of every language as ICU", () => {
    for (const locale of LOCALES) {
      for (const namespace of NAMESPACES) {
        for (const [id, text] of Object.entries(catalogue(locale.code, namespace) ?? {})) {
          expect(() => parse(text), `${locale.code} ${id}`).not.toThrow();
        }
      }
    }
  });

  for (const locale of LOCALES.filter((l) => l.code !== "en")) {
    it(`${locale.name}: has every message, none extra, and keeps every placeholder`, () => {
      const problems: string[] = [];
      for (const { namespace, messages } of english) {
        const translated = catalogue(locale.code, namespace);
        if (!translated) {
          problems.push(`missing file ${locale.code}/${namespace}.json`);
          continue;
        }
        for (const [id, text] of Object.entries(messages ?? {})) {
          const translation = translated[id];
          if (translation === undefined) problems.push(`missing ${id}`);
          else if (!translation.trim()) problems.push(`empty ${id}`);
          else if (slots(translation).join() !== slots(text).join()) {
            problems.push(`${id}: ${slots(translation).join()} ≠ ${slots(text).join()}`);
          }
        }
        for (const id of Object.keys(translated)) {
          if (!(id in (messages ?? {}))) problems.push(`extra ${id}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("has no file for a namespace or language it does not know", () => {
    const codes = new Set(LOCALES.map((l) => l.code));
    for (const folder of readdirSync(ROOT)) {
      expect(codes.has(folder), folder).toBe(true);
      for (const file of readdirSync(join(ROOT, folder))) {
        expect(
          (NAMESPACES as readonly string[]).includes(file.replace(/\.json$/, "")),
          `${folder}/${file}`,
        ).toBe(true);
      }
    }
  });
});

describe("the pseudo-locale", () => {
  it("accents the words, keeps placeholders, plural keywords and tags, and is 40% longer", () => {
    const source = "You have {count, plural, one {# code} other {# codes}} in <0>{name}</0>";
    const pseudo = pseudoMessage(source);
    expect(slots(pseudo)).toEqual(slots(source));
    expect(pseudo).toContain("Ýöû ĥåvé");
    expect(pseudo).toContain("one {# çöðé}".replace("ð", "đ"));
    expect(pseudo.length).toBeGreaterThanOrEqual(source.length + Math.ceil(0.4 * 20));
  });
});
