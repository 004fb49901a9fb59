import { describe, expect, it } from "vitest";
import { parseBulkCsv } from "../../app/bulk/csv";
import { english, inLanguage } from "./phrases";

// Issue #32: a CSV's refusals that name a row, a column or the plan's limit carry a phrase, so the
// /bulk page says them in its language while the API keeps the English message.

const refusal = (text: string, maxRows = 1000) => {
  const outcome = parseBulkCsv(new TextEncoder().encode(text), maxRows);
  if (outcome.ok) throw new Error("accepted");
  return outcome;
};

describe("a CSV's refusals with values", () => {
  const cases = {
    "an unclosed quote, with its row": refusal(
      'url,title\nhttps://a.example,ok\n"https://b.example,x\n',
    ),
    "no known column, with the known ones": refusal("name,town\nAda,London\n"),
    "a column twice, with its name": refusal("url,URL\na,b\n"),
    "more rows than the plan allows, with its limit": refusal(
      `url\n${"https://example.com\n".repeat(1001)}`,
    ),
  };

  it.each(Object.entries(cases))("%s: says the same English as the API", (_, outcome) => {
    expect(outcome.phrase).toBeDefined();
    expect(english(outcome.phrase)).toBe(outcome.message);
  });

  it("says them in German and Arabic, with their values written the language's way", () => {
    expect(inLanguage("de", cases["an unclosed quote, with its row"].phrase)).toBe(
      "In Zeile 3 wird ein Anführungszeichen nie geschlossen. Prüfe die Anführungszeichen in dieser Zeile und lade die Datei erneut hoch.",
    );
    expect(inLanguage("de", cases["a column twice, with its name"].phrase)).toBe(
      "Die Spalte „url“ kommt zweimal vor. Behalte eine davon und lade die Datei erneut hoch.",
    );
    const tooMany = cases["more rows than the plan allows, with its limit"];
    expect(tooMany.message).toContain("more than 1,000 rows");
    expect(inLanguage("de", tooMany.phrase)).toContain("mehr als 1.000 Zeilen");
    expect(inLanguage("es", tooMany.phrase)).toContain("más de 1000 filas");
    expect(inLanguage("de", cases["no known column, with the known ones"].phrase)).toContain(
      "Bekannte Spalten: type, title, filename,",
    );
    expect(inLanguage("ar", tooMany.phrase)).toMatch(/أكثر من \S+ صف من الرموز/);
  });

  it("keeps a refusal without values English only (the page looks it up by its text)", () => {
    expect(refusal("url\n").phrase).toBeUndefined();
  });
});
