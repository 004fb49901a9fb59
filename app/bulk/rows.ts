import type { Phrase } from "../i18n/phrase";
import { canSaveType } from "../plans/rules";
import { type PlanId } from "../plans/catalogue";
import { defaultDesignFields } from "../design/fields";
import { CONTENT_FIELDS, evaluateFields, TYPE_FIELDS, type GeneratorFields } from "../qr/fields";
import { BYTE_CAPACITY, ContentTooLongError, utf8Length } from "../qr/matrix";
import { encodePayload } from "../qr/payload";
import { qrTypeSchema } from "../qr/schema";
import { QR_TYPES, type QrContent, type QrType } from "../qr/types";
import {
  type Customization,
  designInputFromSearchParams,
  parseCustomization,
} from "../design/customization";
import type { Design } from "../design/schema";
import { overStyle } from "../styles/style";
import { CELL_TOO_LONG, type CsvRow, DESIGN_COLUMNS, MAX_CELL_LENGTH } from "./csv";
import { assignFileNames } from "./names";

// A batch's rows checked by the generator's own rules (issue #17). Pure: the /bulk page, the
// background job and the API all check a row here, so the messages are the generator's.

export interface BatchDefaults {
  size: string;
  fg: string;
  bg: string;
  /** The batch's brand style (issue #28): the base of every row's design, its colours included. */
  design?: Design | null;
}

/** A row that will become a code. */
export interface BulkItem {
  row: number;
  content: QrContent;
  /** Size and design; batches checked before issue #28 kept size and colours only. */
  style: Customization;
  title: string;
  /** The file's base name in the archive, made safe and unique. */
  name: string;
}

export interface RowProblem {
  row: number;
  /** The CSV column the message is about (a generator field name, or type/size/fg/bg). */
  column: string;
  message: string;
  /** The message in a page's language, where its source built it with values (issue #32). */
  phrase?: Phrase;
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

const COLOUR_COLUMNS = new Set<string>([
  "fgColor",
  "bgColor",
  "cornerColor",
  "cornerDotColor",
  "gradientFrom",
  "gradientTo",
  "frameColor",
  "frameTextColor",
]);

/** A design field's path in a parse error, as the CSV column that holds it. */
function designColumn(path: string): string {
  if (path.startsWith("gradient")) {
    const part = path.split(".")[1] ?? "type";
    return `gradient${part[0]!.toUpperCase()}${part.slice(1)}`;
  }
  return path;
}

/**
 * The row's design: the batch's style (if any) as the base, the row's design columns over it,
 * and the size and colours already checked. Errors name the row's column.
 */
function rowDesign(
  cells: CsvRow["cells"],
  style: Design | null | undefined,
  checked: { size: number; fgColor: string; bgColor: string },
): { ok: true; value: Customization } | { ok: false; column: string; message: string } {
  const params = new URLSearchParams();
  for (const column of DESIGN_COLUMNS) {
    const cell = cells[column]?.trim();
    if (!cell || column === "fgColor" || column === "bgColor") continue;
    params.set(column, COLOUR_COLUMNS.has(column) ? colour(cell) : cell);
  }
  const explicit = { ...designInputFromSearchParams(params), ...checked };
  const parsed = parseCustomization(style ? overStyle(style, explicit) : explicit);
  if (parsed.ok) return parsed;
  const [path, message] = Object.entries(parsed.errors)[0]!;
  return { ok: false, column: designColumn(path), message };
}

/**
 * Checks every row: its type, its content, its size and colours (the row's own, else the batch's
 * style's, else the batch's defaults), its design columns over the batch's style, the plan's types and whether the content fits in a code (`errorCorrection` H when a
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
      invalid.push({ row, column: "type", message: allowed.message, phrase: allowed.phrase });
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
      fg: colour(cells.fgColor || cells.fg) || defaults.design?.fgColor || defaults.fg,
      bg: colour(cells.bgColor || cells.bg) || defaults.design?.bgColor || defaults.bg,
      design: defaultDesignFields(),
    };
    const evaluation = evaluateFields(fields);
    if (!evaluation.ok) {
      // The first problem, in the order of the type's fields, then size and colours.
      const order = [...TYPE_FIELDS[type], "size", "fg", "bg"];
      const [column, message] = Object.entries(evaluation.errors).sort(
        ([a], [b]) => rank(order, a) - rank(order, b),
      )[0]!;
      invalid.push({
        row,
        column:
          column === "fg" && cells.fgColor
            ? "fgColor"
            : column === "bg" && cells.bgColor
              ? "bgColor"
              : column,
        message,
      });
      return;
    }
    const design = rowDesign(cells, defaults.design, evaluation.style);
    if (!design.ok) {
      invalid.push({ row, column: design.column, message: design.message });
      return;
    }
    if (!(track && type === "url")) {
      const limit = BYTE_CAPACITY[logo ? "H" : design.value.errorCorrection];
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
      style: design.value,
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
