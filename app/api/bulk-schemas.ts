import { BULK_STATUSES } from "../db/schema";
import { KNOWN_COLUMNS } from "../bulk/csv";
import { QR_SIZES } from "../qr/types";
import { styleIdSchema } from "../styles/style";
import { oneLine } from "../validation/one-line";
import { z } from "../validation/zod";

// The bulk-jobs operations of /api/v1 (issue #17): a batch sent as JSON rows or as a CSV file
// (multipart/form-data), and the job that makes it. The options are checked by the /bulk page's
// own rules (app/bulk/page.server.ts readOptions), so these schemas only give them their shape.

/** The most rows any plan makes in one batch (Ultimate); the plan's own limit is checked after. */
export const MAX_API_BULK_ROWS = 10_000;

const FORMAT_MESSAGE = "Choose png, svg or both.";

const descriptions = {
  format: "png, svg or both (both: two files a row). SVG needs a plan with SVG downloads.",
  size: "Size in pixels (256, 512, 1024 or 2048) for rows without a `size` of their own.",
  fgColor: "Foreground colour (#rgb or #rrggbb) for rows without an `fg` of their own.",
  bgColor: "Background colour for rows without a `bg` of their own.",
  save: "Also save each row as a code of the workspace (with `title` as its title).",
  trackScans:
    "Website rows encode a short link on this service that counts scans, then redirects. Implies `save`.",
  skipInvalidRows:
    "Make the valid rows and list the others in `invalidRows` and the manifest. Without it, a batch with any invalid row is refused (422) and nothing is made.",
  name: "A name for the batch, shown on the /bulk page and used for the archive's file name.",
  styleId:
    "A brand style of the workspace (GET /styles) for the whole batch: every row's design starts from it, its colours replace fgColor and bgColor, and a row's own design columns (dotShape, frame, fgColor, …) override it.",
};

const styleId = styleIdSchema.optional().meta({
  description: descriptions.styleId,
  example: "bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c",
});

const bool = (description: string) => z.boolean().default(false).meta({ description });
/** A multipart field that is a yes or a no. */
const formBool = (description: string) =>
  z
    .enum(["true", "false", "on", "off", "1", "0", ""], "Send true or false.")
    .default("false")
    .meta({ description });

const name = oneLine(
  z.string().trim().max(120, "Batch names can be at most 120 characters."),
  "Batch names are one line of text, without line breaks or other control characters.",
)
  .optional()
  .meta({ description: descriptions.name, example: "Table codes, spring menu" });

const rowSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .meta({
    id: "BulkRow",
    description: `One code, with the CSV's columns as keys (any case): ${KNOWN_COLUMNS.map((column) => `\`${column}\``).join(", ")}. \`type\` defaults to url; the content fields are the generator's for that type; the design columns are the customization's fields (the gradient as gradientType, gradientFrom, gradientTo, gradientRotation). Other keys are ignored and listed in \`ignoredColumns\`.`,
    example: {
      type: "url",
      url: "https://example.com/menu?table=12",
      title: "Table 12",
      dotShape: "rounded",
      frame: "box",
      frameText: "Table 12",
    },
  });

export const bulkJobRequestSchema = z
  .object({
    rows: z
      .array(rowSchema)
      .min(1, "Send at least one row.")
      .max(
        MAX_API_BULK_ROWS,
        `Send at most ${MAX_API_BULK_ROWS.toLocaleString("en-US")} rows in one batch.`,
      )
      .meta({ description: "The codes to make, one object a row. Rows are numbered from 1." }),
    format: z.enum(["png", "svg", "both"], FORMAT_MESSAGE).default("png").meta({
      description: descriptions.format,
    }),
    size: z
      .number()
      .refine((value) => (QR_SIZES as readonly number[]).includes(value), {
        message: "Choose a size of 256, 512, 1024 or 2048 pixels.",
      })
      .default(512)
      .meta({ description: descriptions.size }),
    fgColor: z.string().max(20).default("#000000").meta({ description: descriptions.fgColor }),
    bgColor: z.string().max(20).default("#ffffff").meta({ description: descriptions.bgColor }),
    save: bool(descriptions.save),
    trackScans: bool(descriptions.trackScans),
    skipInvalidRows: bool(descriptions.skipInvalidRows),
    name,
    styleId,
  })
  .meta({
    id: "BulkJobRequest",
    example: {
      rows: [
        { url: "https://example.com/menu?table=1", title: "Table 1" },
        { url: "https://example.com/menu?table=2", title: "Table 2" },
      ],
      format: "png",
      size: 512,
      save: true,
    },
  });

/** The same request with the rows as a CSV file, as the /bulk page takes it. */
export const bulkJobFormSchema = z
  .object({
    file: z
      .custom<File>((value) => value instanceof File, "Attach the CSV file as the field `file`.")
      .meta({
        description:
          "The CSV file: UTF-8, comma or semicolon separated, a header row naming the columns, at most 5 MB.",
        override: { type: "string", contentMediaType: "text/csv" },
      }),
    format: z.enum(["png", "svg", "both"], FORMAT_MESSAGE).default("png").meta({
      description: descriptions.format,
    }),
    size: z.string().default("512").meta({ description: descriptions.size }),
    fgColor: z.string().max(20).default("#000000").meta({ description: descriptions.fgColor }),
    bgColor: z.string().max(20).default("#ffffff").meta({ description: descriptions.bgColor }),
    save: formBool(descriptions.save),
    trackScans: formBool(descriptions.trackScans),
    skipInvalidRows: formBool(descriptions.skipInvalidRows),
    name,
    styleId,
  })
  .meta({ id: "BulkJobUpload" });

export const bulkJobIdParams = z.object({
  id: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      "A batch id looks like 0b7c9a5e-3f1d-4d2a-9c1e-5a8b7f6e4d3c.",
    )
    .meta({ description: "The batch's id.", example: "0b7c9a5e-3f1d-4d2a-9c1e-5a8b7f6e4d3c" }),
});

const timestamp = z.string().meta({ format: "date-time", example: "2026-01-31T12:00:00.000Z" });

const rowProblem = z.object({
  row: z.number().int().meta({
    description:
      "The row's number: its position in `rows` (from 1), or its line in the CSV file (the header is 1).",
  }),
  column: z.string(),
  message: z.string().meta({ description: "What is wrong, in the generator's words." }),
});

export const bulkJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(BULK_STATUSES).meta({
      description:
        "queued or running while it is made in the background; done when the archive is ready; failed if it could not be finished.",
    }),
    name: z.string(),
    rows: z.object({
      checked: z.number().int().meta({ description: "Rows sent." }),
      valid: z.number().int().meta({ description: "Rows being made." }),
      invalid: z.number().int().meta({ description: "Rows left out as invalid." }),
      done: z.number().int().meta({ description: "Rows made so far." }),
    }),
    options: z.object({
      format: z.enum(["png", "svg", "both"]),
      size: z.number().int(),
      fgColor: z.string(),
      bgColor: z.string(),
      save: z.boolean(),
      trackScans: z.boolean(),
    }),
    archive: z
      .object({
        url: z.string().meta({ description: "GET it with the same key for the ZIP." }),
        bytes: z.number().int().nullable(),
      })
      .nullable()
      .meta({
        description:
          "The ZIP (one image a row plus manifest.csv), once status is done; kept until expiresAt.",
      }),
    pageUrl: z.string().meta({ description: "The batch's page on the website." }),
    error: z.string().nullable(),
    invalidRows: z.array(rowProblem).optional().meta({
      description:
        "Only in the answer to creating the batch: the rows left out (at most 1,000 listed; the manifest has all).",
    }),
    ignoredColumns: z.array(z.string()).optional().meta({
      description: "Only in the answer to creating the batch: columns that are not batch columns.",
    }),
    createdAt: timestamp,
    startedAt: timestamp.nullable(),
    finishedAt: timestamp.nullable(),
    expiresAt: timestamp.meta({ description: "When the batch and its archive are deleted." }),
  })
  .meta({ id: "BulkJob" });
