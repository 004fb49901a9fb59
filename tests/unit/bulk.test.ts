import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { parseBulkCsv } from "../../app/bulk/csv";
import { manifestCsv } from "../../app/bulk/manifest";
import { assignFileNames, safeFileName } from "../../app/bulk/names";
import { checkRows } from "../../app/bulk/rows";
import { templateCsv } from "../../app/bulk/templates";
import { QR_TYPES } from "../../app/qr/types";

// The pure half of bulk generation (issue #17): reading the CSV, naming files, checking rows,
// writing the manifest. The worker tests make real batches from the same rules.

const bytes = (text: string) => new TextEncoder().encode(text);
const defaults = { size: "512", fg: "#000000", bg: "#ffffff" };

function parse(text: string, maxRows = 1000) {
  const outcome = parseBulkCsv(bytes(text), maxRows);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.csv;
}

describe("reading a CSV", () => {
  it("reads commas and semicolons, with or without a byte-order mark, headers in any case", () => {
    const comma = parse("Type,URL,Title\r\nurl,https://example.com,Menu\r\n");
    const semicolon = parse("\uFEFFtype;url;title\nurl;https://example.com;Menu\n");
    expect(comma.delimiter).toBe(",");
    expect(semicolon.delimiter).toBe(";");
    for (const csv of [comma, semicolon]) {
      expect(csv.rows).toEqual([
        { row: 2, cells: { type: "url", url: "https://example.com", title: "Menu" } },
      ]);
    }
  });

  it("keeps quoted cells whole: delimiters, quotes and newlines inside them", () => {
    const csv = parse('type,text,title\ntext,"one, two\nthree ""four""",x\ntext,plain,y\n');
    expect(csv.rows[0]!.cells.text).toBe('one, two\nthree "four"');
    // Rows are numbered as a spreadsheet shows them, however many lines a cell spans.
    expect(csv.rows.map((row) => row.row)).toEqual([2, 3]);
  });

  it("names unknown columns and ignores their cells; camelCase fields match in any case", () => {
    const csv = parse("ssid,PASSWORD,firstname,Notes,\nNet,secret-123,Ada,hello,\n");
    expect(csv.unknownColumns).toEqual(["Notes"]);
    expect(csv.rows[0]!.cells).toEqual({ ssid: "Net", password: "secret-123", firstName: "Ada" });
  });

  it.each([
    ["", "The file is empty"],
    ["   \n\n", "The file is empty"],
    ["url\n", "only a header row"],
    ["name,town\nAda,London\n", "None of the columns is one we know"],
    ["url,url\na,b\n", "The column “url” appears twice"],
    ['url\n"https://example.com\n', "never closed"],
  ])("refuses %j: %s", (text, message) => {
    const outcome = parseBulkCsv(bytes(text), 10);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toContain(message);
  });

  it("refuses binary files, text that is not UTF-8, more rows than the plan allows and over 5 MB", () => {
    const refuse = (input: Uint8Array, max = 10) => {
      const outcome = parseBulkCsv(input, max);
      return outcome.ok ? null : outcome.message;
    };
    expect(refuse(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1]))).toContain("not a CSV");
    expect(refuse(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9]))).toContain("not a CSV");
    expect(refuse(new Uint8Array([0x75, 0x72, 0x6c, 0x0a, 0xe9, 0x0a]))).toContain("not UTF-8");
    expect(refuse(bytes(`url\n${"https://example.com\n".repeat(11)}`))).toContain(
      "more than 10 rows",
    );
    expect(parseBulkCsv(bytes(`url\n${"https://example.com\n".repeat(10)}`), 10).ok).toBe(true);
    expect(refuse(new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61))).toContain("at most 5 MB");
  });
});

describe("file names", () => {
  it.each([
    ["menu", "menu"],
    ["../../etc/passwd", "etc-passwd"],
    ["a\\b/c", "a-b-c"],
    ["..", ""],
    [".hidden", "hidden"],
    ["bell\u0007\u0000", "bell"],
    ['what? <is> "this"|*', "what- -is- -this-"],
    ["photo.png", "photo"],
    ["x".repeat(150), "x".repeat(100)],
    ["  spaced   out  ", "spaced out"],
  ])("%j becomes %j", (raw, safe) => {
    expect(safeFileName(raw)).toBe(safe);
  });

  it("falls back from filename to title to the row number, and numbers duplicates", () => {
    expect(
      assignFileNames([
        { row: 2, filename: "menu" },
        { row: 3, title: "Menu" },
        { row: 4, filename: "menu" },
        { row: 5 },
        { row: 6, filename: "..", title: "" },
        { row: 7, filename: "row-5" },
      ]),
    ).toEqual(["menu", "Menu-2", "menu-3", "row-5", "row-6", "row-5-2"]);
    // A suffixed name still fits in 100 characters.
    const long = "y".repeat(100);
    const [, second] = assignFileNames([
      { row: 2, filename: long },
      { row: 3, filename: long },
    ]);
    expect(second).toHaveLength(100);
    expect(second!.endsWith("-2")).toBe(true);
  });
});

describe("checking rows", () => {
  it("gives each invalid row the generator's own message, with its row and column", () => {
    const csv = parse(
      [
        "type,url,email,phone,ssid,password,encryption,size,fg,bg",
        "url,example.com/a,,,,,,,,",
        "url,not a url,,,,,,,,",
        "email,,,,,,,,,",
        "phone,,,12ab,,,,,,",
        "wifi,,,,Cafe,short,wpa,,,",
        "wifi,,,,Cafe,,none,,,",
        "url,https://example.com,,,,,,300,,",
        "url,https://example.com,,,,,,,zz,",
        "url,https://example.com,,,,,,,777,888",
        "qr,,,,,,,,,",
      ].join("\n"),
    );
    const { valid, invalid } = checkRows(csv.rows, defaults, "premium");
    expect(valid.map((item) => [item.row, item.content])).toEqual([
      [2, { type: "url", url: "https://example.com/a" }],
      [7, { type: "wifi", ssid: "Cafe", password: "", encryption: "nopass", hidden: false }],
    ]);
    expect(invalid).toEqual([
      { row: 3, column: "url", message: "Enter a valid web address, like https://example.com" },
      { row: 4, column: "email", message: "Enter an e-mail address" },
      {
        row: 5,
        column: "phone",
        message: "Enter a phone number with digits, spaces, dashes and an optional leading +",
      },
      { row: 6, column: "password", message: "WPA passwords have 8 to 63 characters." },
      { row: 8, column: "size", message: "Choose a size of 256, 512, 1024 or 2048 pixels." },
      {
        row: 9,
        column: "fg",
        message: "Enter a colour as # followed by 3 or 6 hex digits, like #1d4ed8",
      },
      { row: 10, column: "fg", message: expect.stringMatching(/contrast/i) as string },
      {
        row: 11,
        column: "type",
        message: "Choose one of the seven code types: url, text, email, phone, sms, wifi, contact.",
      },
    ]);
  });

  it("uses a row's own size and colours, else the batch's, and a title from title, filename or row", () => {
    const csv = parse(
      "url,size,fg,title,filename\nhttps://a.example,1024,1d4ed8,,menu\nhttps://b.example,,,B,\n",
    );
    const { valid } = checkRows(csv.rows, defaults, "premium");
    expect(valid.map((item) => [item.style, item.title, item.name])).toEqual([
      [
        expect.objectContaining({ size: 1024, fgColor: "#1d4ed8", bgColor: "#ffffff" }),
        "menu",
        "menu",
      ],
      [expect.objectContaining({ size: 512, fgColor: "#000000", bgColor: "#ffffff" }), "B", "B"],
    ]);
  });

  it("refuses content too long for a code; a logo lowers the limit; tracked links do not count", () => {
    const csv = parse(
      `type,text,url\ntext,${"x".repeat(1500)},\nurl,,https://example.com/${"p".repeat(1400)}\n`,
    );
    expect(checkRows(csv.rows, defaults, "premium").invalid).toEqual([]);
    const withLogo = checkRows(csv.rows, defaults, "premium", { logo: true });
    expect(withLogo.invalid.map((problem) => [problem.row, problem.column])).toEqual([
      [2, "text"],
      [3, "url"],
    ]);
    expect(withLogo.invalid[0]!.message).toBe(
      "This content is too long for a QR code: it needs 1,500 bytes and the limit is 1,273. Shorten it, or link to a page that holds the rest.",
    );
    const tracked = checkRows(csv.rows, defaults, "premium", { logo: true, track: true });
    expect(tracked.invalid.map((problem) => problem.row)).toEqual([2]);
  });

  it("refuses types the plan does not make", () => {
    const csv = parse("type,phone\nphone,555 0100\n");
    expect(checkRows(csv.rows, defaults, "free").invalid[0]).toMatchObject({
      row: 2,
      column: "type",
      message: expect.stringContaining("Upgrade to Premium") as string,
    });
  });
});

describe("the manifest", () => {
  it("lists rows in order and neutralises cells a spreadsheet would run as formulas", () => {
    const csv = manifestCsv([
      { row: 3, status: "ok", filename: "-1.png", codeId: 7, trackedLink: null, error: null },
      { row: 2, status: "ok", filename: "=cmd.png", codeId: null, trackedLink: null, error: null },
      { row: 4, status: "invalid", filename: "", codeId: null, trackedLink: null, error: "@x" },
      { row: 5, status: "ok", filename: "+1.png", codeId: null, trackedLink: null, error: null },
      { row: 6, status: "ok", filename: "\ttab.png", codeId: null, trackedLink: null, error: null },
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("row,status,filename,code id,tracked link,error");
    const cells = Papa.parse<string[]>(csv).data.slice(1);
    expect(cells).toEqual([
      ["2", "ok", "'=cmd.png", "", "", ""],
      ["3", "ok", "'-1.png", "7", "", ""],
      ["4", "invalid", "", "", "", "'@x"],
      ["5", "ok", "'+1.png", "", "", ""],
      ["6", "ok", "'\ttab.png", "", "", ""],
    ]);
  });
});

describe("templates", () => {
  it.each(QR_TYPES)("the %s template is a batch whose rows are all valid", (type) => {
    const csv = parse(templateCsv(type));
    expect(csv.unknownColumns).toEqual([]);
    const { valid, invalid } = checkRows(csv.rows, defaults, "premium");
    expect(invalid).toEqual([]);
    expect(valid.length).toBeGreaterThan(0);
    expect(valid.every((item) => item.content.type === type)).toBe(true);
  });
});
