import { canSaveType } from "../plans/rules";
import { type PlanId } from "../plans/catalogue";
import { defaultDesignFields } from "../design/fields";
import { CONTENT_FIELDS, evaluateFields, TYPE_FIELDS, type GeneratorFields } from "../qr/fields";
import { BYTE_CAPACITY, ContentTooLongError, utf8Length } from "../qr/matrix";
import { encodePayload } from "../qr/payload";
import { qrTypeSchema } from "../qr/schema";
import { QR_TYPES, type QrContent, type QrStyle, type QrType } from "../qr/types";
import { CELL_TOO_LONG, type CsvRow, MAX_CELL_LENGTH } from "./csv";
import { assignFileNames } from "./names";

// A batch's rows checked by the generator's own rules (issue #17). Pure: the /bulk page, the
// background job and the API all check a row here, so the messages are the generator's.

export interface BatchDefaults {
  size: string;
  fg: string;
  bg: string;
}

/** A row that will become a code. */
export interface BulkItem {
  row: number;
  content: QrContent;
  style: QrStyle;
  title: string;
  /** The file's base name in the archive, made safe and unique. */
  name: string;
}

export interface RowProblem {
  row: number;
  /** The CSV column the message is about (a generator field name, or type/size/fg/bg). */
  column: string;
  message: string;
}

export interface CheckedBatch {
  valid: BulkItem[];
  invalid: RowProblem[];
}

const TYPE_MESSAGE = `Choose one of the seven code types: ${QR_TYPES.join(", ")}.`;

/** How spreadsheets write a Wi-Fi security setting, read as the generator's values. */
function encryption(value: string | undefined): string {
  const lower = (value ?? "").trim().toLowerCase();
  if (lower === "") return "WPA";
  if (lower === "wpa" || lower === "wpa2" || lower === "wpa/wpa2") return "WPA";
  if (lower === "wep") return "WEP";
  if (lower === "nopass" || lower === "none" || lower === "open") return "nopass";
  return value ?? "";
}

function rowType(cell: string | undefined): QrType | null {
  const parsed = qrTypeSchema.safeParse((cell ?? "").trim().toLowerCase() || "url");
  return parsed.success ? parsed.data : null;
}

/**
 * Checks every row: its type, its content, its size and colours (the row's own, else the batch's
 * defaults), the plan's types and whether the content fits in a code (`errorCorrection` H when a
 * logo is drawn over it). Tracked website codes encode their short link, so their length is not
 * the limit.
 */
export function checkRows(
  rows: CsvRow[],
  defaults: BatchDefaults,
  plan: PlanId,
  { logo = false, track = false }: { logo?: boolean; track?: boolean } = {},
): CheckedBatch {
  const names = assignFileNames(
    rows.map(({ row, cells }) => ({ row, filename: cells.filename, title: cells.title })),
  );
  const valid: BulkItem[] = [];
  const invalid: RowProblem[] = [];
  rows.forEach(({ row, cells }, index) => {
    // Capped before any rule reads a cell, as the generator caps its fields.
    const long = Object.entries(cells).find(([, value]) => (value ?? "").length > MAX_CELL_LENGTH);
    if (long) {
      invalid.push({ row, column: long[0], message: CELL_TOO_LONG });
      return;
    }
    const type = rowType(cells.type);
    if (!type) {
      invalid.push({ row, column: "type", message: TYPE_MESSAGE });
      return;
    }
    const allowed = canSaveType(plan, type);
    if (!allowed.ok) {
      invalid.push({ row, column: "type", message: allowed.message });
      return;
    }
    const values = Object.fromEntries(
      CONTENT_FIELDS.map((name) => [name, cells[name] ?? ""]),
    ) as GeneratorFields["values"];
    values.encryption = encryption(cells.encryption);
    const fields: GeneratorFields = {
      type,
      values,
      size: cells.size || defaults.size,
      fg: colour(cells.fg) || defaults.fg,
      bg: colour(cells.bg) || defaults.bg,
      design: defaultDesignFields(),
    };
    const evaluation = evaluateFields(fields);
    if (!evaluation.ok) {
      // The first problem, in the order of the type's fields, then size and colours.
      const order = [...TYPE_FIELDS[type], "size", "fg", "bg"];
      const [column, message] = Object.entries(evaluation.errors).sort(
        ([a], [b]) => rank(order, a) - rank(order, b),
      )[0]!;
      invalid.push({ row, column, message });
      return;
    }
    if (!(track && type === "url")) {
      const limit = BYTE_CAPACITY[logo ? "H" : "M"];
      const bytes = utf8Length(encodePayload(evaluation.content));
      if (bytes > limit) {
        invalid.push({
          row,
          column: TYPE_FIELDS[type][0]!,
          message: new ContentTooLongError(bytes, limit).message,
        });
        return;
      }
    }
    const title = (cells.title || cells.filename || `Row ${row}`).slice(0, 120);
    valid.push({
      row,
      content: evaluation.content,
      style: evaluation.style,
      title,
      name: names[index]!,
    });
  });
  return { valid, invalid };
}

/** "1d4ed8" or "#1d4ed8" as the generator's "#1d4ed8"; "" stays "" (use the default). */
function colour(cell: string | undefined): string {
  const value = (cell ?? "").trim();
  if (value === "") return "";
  return /^[\da-f]{3}$|^[\da-f]{6}$/i.test(value) ? `#${value}` : value;
}

function rank(order: string[], key: string): number {
  const at = order.indexOf(key);
  return at === -1 ? order.length : at;
}
