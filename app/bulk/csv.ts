import Papa from "papaparse";
import { CONTENT_FIELDS } from "../qr/fields";
import { MAX_FIELD } from "../qr/schema";
import { type Phrase, phrase } from "../i18n/phrase";

// Reading a bulk CSV (issue #17). Pure: papaparse does the CSV grammar (quotes, embedded
// newlines, either delimiter); this module decides what a file must look like to be a batch.

/** A batch's own columns; the others are the generator's field names (CONTENT_FIELDS). */
export const BATCH_COLUMNS = ["type", "title", "filename", "size", "fg", "bg"] as const;

/**
 * A row's own design (issue #28), under the design module's names; the gradient as gradientType,
 * gradientFrom, gradientTo and gradientRotation, as in the download links. fgColor and bgColor
 * are the same as fg and bg.
 */
export const DESIGN_COLUMNS = [
  "dotShape",
  "cornerShape",
  "cornerDotShape",
  "fgColor",
  "bgColor",
  "cornerColor",
  "cornerDotColor",
  "gradientType",
  "gradientFrom",
  "gradientTo",
  "gradientRotation",
  "frame",
  "frameText",
  "frameColor",
  "frameTextColor",
  "errorCorrection",
  "margin",
] as const;

export const KNOWN_COLUMNS = [...BATCH_COLUMNS, ...CONTENT_FIELDS, ...DESIGN_COLUMNS] as const;
export type BulkColumn = (typeof KNOWN_COLUMNS)[number];

const BY_LOWER = new Map<string, BulkColumn>(
  KNOWN_COLUMNS.map((column) => [column.toLowerCase(), column]),
);

/** The batch column a header (or an API row's key) names, whatever its case; null if none. */
export const columnOf = (name: string): BulkColumn | null =>
  BY_LOWER.get(name.trim().toLowerCase()) ?? null;

/** A cell holds at most what a generator field does; a longer one makes its row invalid. */
export const MAX_CELL_LENGTH = MAX_FIELD;
export const CELL_TOO_LONG = `This can be at most ${MAX_CELL_LENGTH.toLocaleString("en-US")} characters.`;

/** 5 MB: a 10,000-row batch of web addresses is well under 1 MB. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;

export interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  cells: Partial<Record<BulkColumn, string>>;
}

export interface ParsedCsv {
  rows: CsvRow[];
  delimiter: "," | ";";
  /** Headers that are not columns of a batch, as written; their cells are ignored. */
  unknownColumns: string[];
}

/** A refusal's English `message` is the API's; its `phrase`, where it names a value, the page's. */
export type CsvOutcome =
  { ok: true; csv: ParsedCsv } | { ok: false; message: string; phrase?: Phrase };

const fail = (message: string, said?: Phrase): CsvOutcome =>
  said ? { ok: false, message, phrase: said } : { ok: false, message };

/** True when the bytes look like text rather than an image, a PDF or a spreadsheet's binary file. */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  for (const byte of sample) {
    if (byte === 0) return false;
  }
  // XLSX and ODS files are ZIP archives: "PK\x03\x04".
  return !(sample[0] === 0x50 && sample[1] === 0x4b && sample[2] === 0x03 && sample[3] === 0x04);
}

/**
 * Reads an uploaded file as a batch: UTF-8 with or without a byte-order mark, comma or semicolon
 * delimited (whichever the header line uses more), a header row naming the columns.
 */
export function parseBulkCsv(bytes: Uint8Array, maxRows: number): CsvOutcome {
  if (bytes.length === 0)
    return fail(
      "The file is empty. Choose a CSV file with a header row and at least one row of codes.",
    );
  // No phrase: the /bulk page refuses a file over 5 MB before reading it, so only the API says this.
  if (bytes.length > MAX_CSV_BYTES) {
    return fail(
      `The file is ${megabytes(bytes.length)}; files can be at most 5 MB. Split it into smaller files.`,
    );
  }
  if (!looksLikeText(bytes)) {
    return fail(
      "This is not a CSV file. In your spreadsheet, choose File → Save as (or Download) → CSV, then upload that file.",
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail(
      "The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8” and upload it again.",
    );
  }
  if (text.trim() === "")
    return fail(
      "The file is empty. Choose a CSV file with a header row and at least one row of codes.",
    );
  const delimiter = detectDelimiter(text);
  const result = Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: "greedy",
    // One row more than allowed: enough to know the file is over the limit, without reading on.
    preview: maxRows + 2,
  });
  const broken = result.errors.find(
    (error) => error.code === "MissingQuotes" || error.code === "InvalidQuotes",
  );
  if (broken) {
    const row = (broken.row ?? 0) + 1;
    return fail(
      `Row ${row} has a quotation mark that is never closed. Check the quotes in that row and upload the file again.`,
      phrase("bulk.csv.unclosedQuote", { row }),
    );
  }
  const [header, ...records] = result.data;
  if (!header || header.every((cell) => cell.trim() === "")) {
    return fail(
      "The file has no header row. Its first row must name the columns, like: type,url,title",
    );
  }
  const columns = header.map(columnOf);
  if (!columns.some((column) => column !== null && column !== "title" && column !== "filename")) {
    const known = KNOWN_COLUMNS.join(", ");
    return fail(
      `None of the columns is one we know. The first row must name the columns, like: type,url,title. Known columns: ${known}.`,
      phrase("bulk.csv.noKnownColumns", { columns: known }),
    );
  }
  if (records.length === 0) {
    return fail("The file has only a header row. Add one row for each code you want.");
  }
  if (records.length > maxRows) {
    return fail(tooManyRows("The file", maxRows), phrase("bulk.csv.tooManyRows", { max: maxRows }));
  }
  const duplicate = columns.find((column, i) => column !== null && columns.indexOf(column) !== i);
  if (duplicate) {
    return fail(
      `The column “${duplicate}” appears twice. Keep one and upload the file again.`,
      phrase("bulk.csv.duplicateColumn", { column: duplicate }),
    );
  }
  const rows = records.map((record, index) => {
    const cells: CsvRow["cells"] = {};
    columns.forEach((column, i) => {
      if (column !== null) cells[column] = (record[i] ?? "").trim();
    });
    return { row: index + 2, cells };
  });
  const unknownColumns = header
    .filter((name, i) => columns[i] === null && name.trim() !== "")
    .map((name) => name.trim());
  return { ok: true, csv: { rows, delimiter, unknownColumns } };
}

/** The delimiter the header line uses: semicolons where a spreadsheet writes them, else commas. */
function detectDelimiter(text: string): "," | ";" {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/** The refusal of a batch over the plan's rows per batch. */
export function tooManyRows(what: string, maxRows: number): string {
  return `${what} has more than ${maxRows.toLocaleString("en-US")} rows of codes, the most your plan makes in one batch. Split it into smaller batches.`;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
