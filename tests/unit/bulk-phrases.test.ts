import { describe, expect, it } from "vitest";
import { parseBulkCsv } from "../../app/bulk/csv";
import { previewContent } from "../../app/bulk/preview";
import type { QrContent } from "../../app/qr/types";
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

describe("the preview's line for what a row encodes", () => {
  const contents: QrContent[] = [
    { type: "url", url: "https://example.com/menu" },
    { type: "text", text: "Welcome! ".repeat(12) },
    { type: "email", email: "hello@example.com", subject: "", message: "" },
    { type: "phone", phone: "+1 555 0100" },
    { type: "sms", phone: "+1 555 0100", message: "TABLE 4" },
    { type: "wifi", ssid: "Cafe Guest", password: "coffee-time", encryption: "WPA", hidden: false },
    {
      type: "contact",
      firstName: "",
      lastName: "",
      company: "Analytical Engines",
      jobTitle: "",
      phone: "",
      phone2: "",
      phone2Type: "mobile",
      email: "",
      website: "",
      street: "",
      city: "",
      region: "",
      postalCode: "",
      country: "",
      note: "",
    },
  ];

  it.each(contents.map((content) => [content.type, content] as const))(
    "%s: says describeContent's English",
    (_, content) => {
      const line = previewContent(content);
      expect(line.phrase?.id).toBe(`bulk.preview.${content.type}`);
      expect(english(line.phrase)).toBe(line.message);
    },
  );

  it("says it in German, with the row's value", () => {
    expect(inLanguage("de", previewContent(contents[0]!).phrase)).toBe(
      "Link zu https://example.com/menu",
    );
    expect(inLanguage("de", previewContent(contents[6]!).phrase)).toBe(
      "Kontaktkarte für Analytical Engines",
    );
  });
});
