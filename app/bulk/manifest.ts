import Papa from "papaparse";

// manifest.csv in every bulk ZIP (issue #17): one line per row of the upload. Pure.

export type ManifestStatus = "ok" | "invalid" | "failed";

export interface ManifestEntry {
  row: number;
  status: ManifestStatus;
  /** The row's files in the archive, "menu.png" or "menu.png menu.svg"; "" when none. */
  filename: string;
  codeId: number | null;
  trackedLink: string | null;
  error: string | null;
}

export const MANIFEST_COLUMNS = ["row", "status", "filename", "code id", "tracked link", "error"];

/**
 * The manifest as CSV. A cell a spreadsheet would run as a formula (one starting with =, +, -, @,
 * a tab or a carriage return) is written with a leading apostrophe, so it opens as text.
 */
export function manifestCsv(entries: ManifestEntry[]): string {
  const sorted = [...entries].sort((a, b) => a.row - b.row);
  return spreadsheetCsv(
    MANIFEST_COLUMNS,
    sorted.map((entry) => [
      String(entry.row),
      entry.status,
      entry.filename,
      entry.codeId === null ? "" : String(entry.codeId),
      entry.trackedLink ?? "",
      entry.error ?? "",
    ]),
  );
}

/**
 * CSV a spreadsheet opens safely: a cell it would run as a formula (=, +, -, @, a tab or a
 * carriage return first) gets a leading apostrophe. The one writer of CSV for people to open (the
 * bulk manifest, the analytics export).
 */
export function spreadsheetCsv(fields: string[], rows: (string | number)[][]): string {
  return Papa.unparse(
    { fields, data: rows.map((row) => row.map(String)) },
    { escapeFormulae: true, newline: "\r\n" },
  );
}
