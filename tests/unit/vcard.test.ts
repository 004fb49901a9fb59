import { describe, expect, it } from "vitest";
import { encodeMatrix } from "../../app/qr/matrix";
import { encodePayload, foldVcardLine, VCARD_LINE_OCTETS } from "../../app/qr/payload";
import { parseContent } from "../../app/qr/schema";
import type { QrContent } from "../../app/qr/types";
import { readVcard, type VcardProperty } from "../support/payload-parse";
import { decodeSingleQr } from "../support/qr-decode";
import { matrixToPng } from "../support/qr-image";

// Issue #29 item 16: a contact card carries an address, a second phone with its kind and a note,
// and follows vCard 3.0 (RFC 2426 on RFC 2425's line rules) so that every phone reads it whole.

function contact(input: Record<string, unknown>) {
  const parsed = parseContent("contact", input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value as Extract<QrContent, { type: "contact" }>;
}

/** Draws the card as a code and reads it back with zxing, as a phone's camera would. */
async function scanned(input: Record<string, unknown>): Promise<VcardProperty[]> {
  const payload = encodePayload(contact(input));
  const decoded = await decodeSingleQr(await matrixToPng(encodeMatrix(payload, "M")));
  expect(decoded.text).toBe(payload);
  return readVcard(decoded.text);
}

const property = (card: VcardProperty[], name: string) => card.filter((p) => p.name === name);

const ADA = {
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "+44 20 7946 0000",
  phone2: "+44 20 7946 0999",
  phone2Type: "work",
  street: "12 St. James's Square, Flat 3; rear door",
  city: "London",
  region: "Greater London",
  postalCode: "SW1Y 4JH",
  country: "United Kingdom",
  note: "Met at the Analytical Society.\nAsk about the engine; bring notes, 2\\3.",
};

describe("a contact code, scanned, gives back every field", () => {
  it("the address as ADR's seven components, with commas and semicolons intact", async () => {
    const [address] = property(await scanned(ADA), "ADR");
    expect(address!.components).toEqual([
      "",
      "",
      "12 St. James's Square, Flat 3; rear door",
      "London",
      "Greater London",
      "SW1Y 4JH",
      "United Kingdom",
    ]);
  });

  it("only the parts of the address that were given, the others empty", async () => {
    const [address] = property(await scanned({ firstName: "Ann", city: "Lyon" }), "ADR");
    expect(address!.components).toEqual(["", "", "", "Lyon", "", "", ""]);
    expect(property(await scanned({ firstName: "Ann" }), "ADR")).toEqual([]);
  });

  it("both phone numbers, the second with its kind as a TYPE parameter", async () => {
    const phones = property(await scanned(ADA), "TEL");
    expect(phones).toEqual([
      { name: "TEL", params: ["TYPE=CELL"], components: ["+442079460000"] },
      { name: "TEL", params: ["TYPE=WORK,VOICE"], components: ["+442079460999"] },
    ]);
    const mobile = property(await scanned({ ...ADA, phone2Type: "mobile" }), "TEL");
    expect(mobile[1]).toEqual({
      name: "TEL",
      params: ["TYPE=CELL"],
      components: ["+442079460999"],
    });
  });

  it("a second phone alone is enough for a card, and names it", async () => {
    const card = await scanned({ phone2: "030 1234 5678", phone2Type: "work" });
    expect(property(card, "FN")[0]!.components).toEqual(["030 1234 5678"]);
    expect(property(card, "TEL")).toEqual([
      { name: "TEL", params: ["TYPE=WORK,VOICE"], components: ["03012345678"] },
    ]);
  });

  it("the note, with its line break, semicolon, comma and backslash", async () => {
    const [note] = property(await scanned(ADA), "NOTE");
    expect(note!.components).toEqual([
      "Met at the Analytical Society.\nAsk about the engine; bring notes, 2\\3.",
    ]);
  });

  it("a long note in several scripts, folded and unfolded without losing a character", async () => {
    const note = `${"Grüße aus Köln — ".repeat(6)}東京で会いましょう。${"🎉".repeat(12)} done`;
    const card = await scanned({ firstName: "Zoë", note });
    expect(property(card, "NOTE")[0]!.components).toEqual([note]);
    expect(property(card, "N")[0]!.components).toEqual(["", "Zoë", "", "", ""]);
  });
});

describe("vCard 3.0 conformance", () => {
  const payload = encodePayload(
    contact({ ...ADA, note: `${"A long, careful note; ".repeat(10)}é\\end` }),
  );

  it("ends every line with CRLF and has no bare CR or LF", () => {
    expect(payload.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toBe(true);
    expect(payload.endsWith("\r\nEND:VCARD")).toBe(true);
    expect(payload.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("keeps every physical line within 75 octets, continuations starting with one space", () => {
    const lines = payload.split("\r\n");
    for (const line of lines) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(VCARD_LINE_OCTETS);
    }
    const continued = lines.filter((line) => line.startsWith(" "));
    expect(continued.length).toBeGreaterThan(2);
  });

  it("never folds inside a UTF-8 character or an escape", () => {
    for (const width of [70, 73, 74, 75, 76]) {
      const line = `NOTE:${"x".repeat(width - 6)}é\\,😀\\;end`;
      const folded = foldVcardLine(line).split("\r\n");
      expect(folded.join("").replace(/ /g, "")).toBe(line.replace(/ /g, ""));
      for (const part of folded) {
        expect(part).not.toMatch(/^ ?[\udc00-\udfff]|[\ud800-\udbff]$/);
        expect(part.replace(/\\\\/g, "")).not.toMatch(/\\$/);
        expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      }
    }
    expect(foldVcardLine("FN:Short")).toBe("FN:Short");
    const exact = `NOTE:${"x".repeat(70)}`;
    expect(foldVcardLine(exact)).toBe(exact);
    expect(foldVcardLine(`${exact}y`)).toBe(`${exact}\r\n y`);
  });

  it("escapes backslash, comma, semicolon and newlines in text values", () => {
    const lines = payload.replace(/\r\n /g, "").split("\r\n");
    expect(lines).toContain(
      "ADR:;;12 St. James's Square\\, Flat 3\\; rear door;London;Greater London;SW1Y 4JH;United Kingdom",
    );
    expect(lines.find((line) => line.startsWith("NOTE:"))).toMatch(/é\\\\end$/);
    expect(
      encodePayload(contact({ firstName: "A", note: "one\r\ntwo\rthree\nfour" }))
        .split("\r\n")
        .find((line) => line.startsWith("NOTE:")),
    ).toBe("NOTE:one\\ntwo\\nthree\\nfour");
  });

  it("refuses a second phone kind other than mobile or work", () => {
    expect(parseContent("contact", { firstName: "A", phone2Type: "fax" })).toEqual({
      ok: false,
      errors: { phone2Type: "Choose mobile or work for the second phone." },
    });
    expect(contact({ firstName: "A" }).phone2Type).toBe("mobile");
  });
});
