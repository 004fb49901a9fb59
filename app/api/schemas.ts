import { customizationObject } from "../design/customization";
import { DESIGN_FORMATS } from "../design/formats";
import { printFields } from "../design/print-options";
import { designContrastProblems } from "../design/contrast";
import {
  CORNER_DOT_SHAPES,
  CORNER_SHAPES,
  DOT_SHAPES,
  FRAMES,
  GRADIENT_TYPES,
  LOGO_SIZES,
} from "../design/schema";
import { ERROR_CORRECTION_LEVELS } from "../qr/types";
import { contentDataSchemas } from "../qr/schema";
import { QR_SIZES, QR_TYPE_LABELS, QR_TYPES, type QrType } from "../qr/types";
import { z } from "../validation/zod";
import { styleIdSchema } from "../styles/style";
import { API_SCOPES } from "./keys";

// The public API's requests and answers (issue #16). The handlers validate with these schemas
// and the OpenAPI document is generated from them (app/api/openapi.ts), so the two cannot
// disagree. Field names are the generator's, as in the share links and /api/qr-codes/generate.

const DATA_EXAMPLES: Record<QrType, Record<string, unknown>> = {
  url: { url: "https://example.com/menu" },
  text: { text: "Table 12" },
  email: { email: "hello@example.com", subject: "Hello", message: "" },
  phone: { phone: "+1 555 0100" },
  sms: { phone: "+1 555 0100", message: "Hi!" },
  wifi: { ssid: "Cafe Guest", password: "espresso123", encryption: "WPA", hidden: false },
  contact: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
};

/** What each field of a customization means, for the OpenAPI document (issue #28's contract). */
const CUSTOMIZATION_DOCS: Record<keyof typeof customizationObject.shape, [string, unknown]> = {
  size: ["The PNG's width in pixels: 256, 512, 1024 or 2048.", 512],
  fgColor: ["The dots' colour, #rgb or #rrggbb; it must contrast with bgColor.", "#111827"],
  bgColor: ["The background, #rgb or #rrggbb.", "#ffffff"],
  dotShape: [`The shape of the dots: ${DOT_SHAPES.join(", ")}.`, "rounded"],
  cornerShape: [
    `The outer ring of the three finder patterns: ${CORNER_SHAPES.join(", ")}.`,
    "extra-rounded",
  ],
  cornerDotShape: [`The centre of each finder pattern: ${CORNER_DOT_SHAPES.join(", ")}.`, "dot"],
  cornerColor: ["The corners' ring colour; fgColor when absent.", "#1d4ed8"],
  cornerDotColor: ["The corners' centre colour; fgColor when absent.", "#111827"],
  gradient: [
    `A gradient for the dots instead of fgColor: type (${GRADIENT_TYPES.join(" or ")}), from and to (both ends must contrast with bgColor) and rotation in degrees (linear).`,
    { type: "linear", from: "#1d4ed8", to: "#111827", rotation: 45 },
  ],
  frame: [
    `A frame with a call to action outside the quiet zone: ${FRAMES.join(", ")} (box: text under the code, banner: above, bubble: a speech-bubble label).`,
    "box",
  ],
  frameText: [
    "The frame's text, at most 30 characters of Latin, Greek or Cyrillic; drawn as outlines.",
    "Scan me",
  ],
  frameColor: ["The frame's colour.", "#111827"],
  frameTextColor: ["The frame text's colour; it must contrast with frameColor.", "#ffffff"],
  errorCorrection: [
    `Error correction: ${ERROR_CORRECTION_LEVELS.join(", ")} (about 7, 15, 25 or 30% restorable). A logo forces H.`,
    "Q",
  ],
  margin: ["The quiet zone in modules, 4 to 16.", 4],
  logoSize: [`The logo's size, when the code has one: ${LOGO_SIZES.join(", ")}.`, "medium"],
  logoClear: ["Leave out the dots behind the logo.", true],
};

const documentedCustomization = z.object(
  Object.fromEntries(
    Object.entries(customizationObject.shape).map(([field, schema]) => {
      const [description, example] = CUSTOMIZATION_DOCS[field as keyof typeof CUSTOMIZATION_DOCS];
      return [field, (schema as z.ZodType).meta({ description, example })];
    }),
  ),
);

export const customizationSchema = documentedCustomization
  .extend({
    styleId: styleIdSchema.optional().meta({
      description:
        "A brand style of the key's workspace (GET /styles) as the base of the design: the other fields sent here override the style's, fields not sent keep the style's values. Another workspace's style is not found (404).",
      example: "bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c",
    }),
  })
  .superRefine((value, context) => {
    // With a style, the pairs are checked once the fields are laid over it.
    if (value.styleId) return;
    const design = value as Parameters<typeof designContrastProblems>[0];
    for (const problem of designContrastProblems(design)) {
      context.addIssue({ code: "custom", path: problem.path, message: problem.message });
    }
  })
  .meta({
    id: "Customization",
    description:
      "The code's size and design (issue #28). Every field is optional; absent fields take the defaults (square black dots on white, no frame, level M, margin 4). Every colour pair that decides whether the code scans must contrast enough, and a styled design is decoded before its image is answered: a design that does not scan is refused with a 400 naming the part to change.",
    example: {
      size: 512,
      fgColor: "#111827",
      bgColor: "#ffffff",
      dotShape: "rounded",
      cornerShape: "extra-rounded",
      cornerDotShape: "dot",
      frame: "box",
      frameText: "Scan me",
    },
  });

/** One request shape per type: `{type, data, customization}`, where `data` is the type's fields. */
function contentRequest<T extends QrType>(type: T) {
  return z.object({
    type: z.literal(type),
    data: (contentDataSchemas[type] as z.ZodType).meta({
      id: `${type[0]!.toUpperCase()}${type.slice(1)}Data`,
      description: `The fields of a ${QR_TYPE_LABELS[type]} code.`,
      example: DATA_EXAMPLES[type],
    }),
    customization: customizationSchema.optional(),
  });
}

/** The request of each type, to validate with once `type` is known. */
export const contentRequests = Object.fromEntries(
  QR_TYPES.map((type) => [type, contentRequest(type)]),
) as { [K in QrType]: ReturnType<typeof contentRequest<K>> };

const TYPE_MESSAGE = `Choose one of the seven code types: ${QR_TYPES.join(", ")}.`;

const imageFormat = z.enum(DESIGN_FORMATS, "Choose a format: png, svg, pdf or eps.").meta({
  description:
    "PNG, SVG, or a print-ready vector PDF or EPS (EPSF-3.0) with the page sized to the code and its frame; PDF and EPS take cmyk and printWidth.",
});

export const imageRequestSchema = z
  .discriminatedUnion(
    "type",
    QR_TYPES.map((type) =>
      contentRequests[type].extend({
        format: imageFormat.optional().meta({
          description:
            "png, svg, pdf or eps; when absent, the Accept header decides (PNG by default).",
        }),
        ...printFields,
      }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
    { error: TYPE_MESSAGE },
  )
  .meta({
    id: "ImageRequest",
    example: { type: "url", data: { url: "https://example.com/menu" }, format: "png" },
  });

const title = z
  .string()
  .trim()
  .min(1, "Give the code a title, so you can find it later.")
  .max(120, "Titles can be at most 120 characters.");

export const createCodeSchema = z
  .discriminatedUnion(
    "type",
    QR_TYPES.map((type) =>
      contentRequests[type].extend({
        title,
        trackScans: z.boolean().optional().meta({
          description:
            "Encode a short link on this service that counts each scan, then redirects (URL codes only).",
        }),
      }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
    { error: TYPE_MESSAGE },
  )
  .meta({
    id: "CreateCodeRequest",
    example: {
      type: "url",
      data: { url: "https://example.com/menu" },
      customization: { size: 512 },
      title: "Menu, table 12",
      trackScans: true,
    },
  });

export const updateCodeSchema = z
  .object({
    title: title.optional(),
    public: z.boolean().optional().meta({
      description: "Shared codes can be downloaded by anyone with the link.",
    }),
    destination: z
      .string()
      .max(2000, "Web addresses can be at most 2,000 characters.")
      .optional()
      .meta({
        description:
          "Where a tracked URL code leads from now on (http or https, not an address of this service, its short links or custom domains). The image and its short link stay the same; the change is kept in the code's history.",
        example: "https://example.com/shop",
      }),
  })
  .refine(
    (body) =>
      body.title !== undefined || body.public !== undefined || body.destination !== undefined,
    { message: "Send title, public, destination, or several of them." },
  )
  .meta({ id: "UpdateCodeRequest", example: { title: "Menu, terrace" } });

export const codeIdParams = z.object({
  id: z.coerce
    .number()
    .int("A code id is a whole number.")
    .positive("A code id is a whole number.")
    .meta({ description: "The code's id.", example: 42 }),
});

export const listCodesQuery = z.object({
  limit: z.coerce
    .number()
    .int("limit is a whole number from 1 to 100.")
    .min(1, "limit is a whole number from 1 to 100.")
    .max(100, "limit is a whole number from 1 to 100.")
    .default(20)
    .meta({ description: "How many codes to return, 1 to 100.", example: 20 }),
  starting_after: z.coerce
    .number()
    .int("starting_after is the id of the last code of the previous page.")
    .positive("starting_after is the id of the last code of the previous page.")
    .optional()
    .meta({
      description:
        "The id of the last code on the previous page (its nextStartingAfter). Codes come newest first; codes added meanwhile do not shift the pages.",
    }),
});

export const imageQuery = z.object({
  format: imageFormat.default("png"),
  ...printFields,
  size: z.coerce
    .number()
    .refine((value) => (QR_SIZES as readonly number[]).includes(value), {
      message: "Choose a size of 256, 512, 1024 or 2048 pixels.",
    })
    .optional()
    .meta({ description: "256, 512, 1024 or 2048; the code's own size when absent." }),
});

export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Use a real date.");

export const analyticsQuery = z.object({
  from: isoDay.optional().meta({
    description:
      "First day (UTC), inclusive. Defaults to 29 days before `to`; never earlier than the plan keeps analytics.",
    example: "2026-01-01",
  }),
  to: isoDay
    .optional()
    .meta({ description: "Last day (UTC), inclusive. Defaults to today.", example: "2026-01-31" }),
});

const timestamp = z.string().meta({ format: "date-time", example: "2026-01-31T12:00:00.000Z" });

export const codeSchema = z
  .object({
    id: z.number().int(),
    title: z.string().nullable(),
    type: z.enum(QR_TYPES),
    data: z.record(z.string(), z.union([z.string(), z.boolean()])).meta({
      description: "The type's fields, as for creating it.",
    }),
    customization: z
      .object({
        size: z.number().int(),
        fgColor: z.string(),
        bgColor: z.string(),
        dotShape: z.enum(DOT_SHAPES).optional(),
        cornerShape: z.enum(CORNER_SHAPES).optional(),
        cornerDotShape: z.enum(CORNER_DOT_SHAPES).optional(),
        cornerColor: z.string().optional(),
        cornerDotColor: z.string().optional(),
        gradient: z
          .object({
            type: z.enum(GRADIENT_TYPES),
            from: z.string(),
            to: z.string(),
            rotation: z.number(),
          })
          .optional(),
        frame: z.enum(FRAMES).optional(),
        frameText: z.string().optional(),
        frameColor: z.string().optional(),
        frameTextColor: z.string().optional(),
        errorCorrection: z.enum(ERROR_CORRECTION_LEVELS).optional(),
        margin: z.number().int().optional(),
        logoSize: z.enum(LOGO_SIZES).optional(),
        logoClear: z.boolean().optional(),
      })
      .meta({
        description: "Size, colours and the design fields that differ from the defaults.",
      }),
    public: z.boolean(),
    shareUrl: z.string().nullable().meta({
      description:
        "While the code is public, its share link: anyone with it can download the image. Its id is unguessable; the numeric id answers only to members. Stopping sharing ends the link for good: sharing again gives a new one.",
    }),
    trackedLink: z
      .object({
        slug: z.string(),
        url: z.string(),
        destination: z.string().meta({
          description: "Where the short link leads now; change it with PATCH `destination`.",
        }),
      })
      .nullable()
      .meta({ description: "The short link the code encodes when scans are tracked." }),
    imageUrls: z.object({ png: z.string(), svg: z.string() }),
    downloads: z.number().int(),
    createdBy: z.string().nullable().meta({ description: "E-mail of the member who made it." }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Code" });

export const codeListSchema = z
  .object({
    data: z.array(codeSchema),
    hasMore: z.boolean(),
    nextStartingAfter: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Pass as starting_after for the next page; null on the last page." }),
  })
  .meta({ id: "CodeList" });

const named = z.object({ name: z.string(), scans: z.number().int() });

export const analyticsSchema = z
  .object({
    codeId: z.number().int(),
    from: z.string().meta({ format: "date" }),
    to: z.string().meta({ format: "date" }),
    totals: z.object({ scans: z.number().int(), downloads: z.number().int() }),
    daily: z.array(
      z.object({
        date: z.string().meta({ format: "date" }),
        scans: z.number().int(),
        downloads: z.number().int(),
      }),
    ),
    countries: z.array(named),
    devices: z.array(named),
  })
  .meta({ id: "CodeAnalytics" });

export const usageSchema = z
  .object({
    workspace: z.object({ id: z.string(), name: z.string() }),
    plan: z.object({ id: z.string(), name: z.string() }),
    limits: z.object({
      savedCodes: z.number().int().nullable().meta({ description: "null: unlimited." }),
      seats: z.number().int(),
      analyticsRetentionDays: z
        .number()
        .int()
        .nullable()
        .meta({ description: "null: kept always." }),
      requestsPerMinute: z.number().int(),
      apiKeys: z.number().int(),
    }),
    used: z.object({
      savedCodes: z.number().int(),
      seats: z.number().int(),
      apiKeys: z.number().int(),
    }),
  })
  .meta({ id: "Usage" });

export const problemSchema = z
  .object({
    type: z.string().meta({ format: "uri-reference" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().meta({ description: "A stable machine-readable reason." }),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "What is wrong with each field, in the generator's words." }),
  })
  .meta({ id: "Problem" });

export const scopeSchema = z.enum(API_SCOPES);
