import { MAX_STYLES_PER_WORKSPACE, STYLE_NAME_MAX, styleIdSchema } from "../styles/style";
import { z } from "../validation/zod";
import { codeSchema } from "./schemas";

// Brand styles through the API (issue #28): list, save and delete a workspace's saved designs,
// with the same checks as the Brand styles tab. The design's fields are the customization's.

const STYLE_EXAMPLE = {
  dotShape: "rounded",
  cornerShape: "extra-rounded",
  cornerDotShape: "dot",
  fgColor: "#1d4ed8",
  bgColor: "#ffffff",
  frame: "box",
  frameText: "Scan me",
};

export const createStyleSchema = z
  .object({
    name: z.string({ error: "Give the style a name as `name`." }).meta({
      description: `The style's name, at most ${STYLE_NAME_MAX} characters, once per workspace.`,
      example: "Spring menu",
    }),
    design: z
      .record(z.string(), z.unknown(), "Send the style's design as an object `design`.")
      .meta({
        description:
          "The design: the fields of Customization without size (dotShape, cornerShape, cornerDotShape, fgColor, bgColor, cornerColor, cornerDotColor, gradient, frame, frameText, frameColor, frameTextColor, errorCorrection, margin, logoSize, logoClear). Absent fields take the defaults; the design must pass the contrast rules and scan.",
        example: STYLE_EXAMPLE,
      }),
  })
  .meta({
    id: "StyleRequest",
    description: `A workspace keeps at most ${MAX_STYLES_PER_WORKSPACE} brand styles.`,
    example: { name: "Spring menu", design: STYLE_EXAMPLE },
  });

export const styleSchema = z
  .object({
    id: z.string().meta({ example: "bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c" }),
    name: z.string().meta({ example: "Spring menu" }),
    design: codeSchema.shape.customization
      .omit({ size: true })
      .meta({ description: "The style's design, every field filled in." }),
    createdAt: z.string().meta({ example: "2026-03-01T12:00:00.000Z" }),
    updatedAt: z.string().meta({ example: "2026-03-01T12:00:00.000Z" }),
  })
  .meta({ id: "BrandStyle" });

export const styleListSchema = z
  .object({ data: z.array(styleSchema) })
  .meta({ id: "BrandStyleList" });

export const styleIdParams = z.object({
  id: styleIdSchema.meta({
    description: "The style's id.",
    example: "bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c",
  }),
});
