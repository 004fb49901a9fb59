import type { Customization } from "../design/customization";
import { designInputFromSearchParams } from "../design/customization";
import type { Translate } from "../i18n/i18n";
import { normalizeHexColor } from "../qr/contrast";

// The code page's design form (issue #29 item 8), pure: its fields under the API's names (the
// gradient as gradientType/From/To/Rotation, as download links name it), read back into a design
// input, and the design said in words for the page's summary.

/** A shape, gradient type or logo size in the page's language: "extra-rounded" → "Extra rounded". */
export const shapeLabel = (t: Translate, value: string) => t(`code.shape.${value}`);

/** "H: High (about 30%)". */
export const errorCorrectionLabel = (t: Translate, level: string) =>
  t("code.ec.label", { level, words: t(`code.ec.${level}`) });

/** A frame style in words: "Box, text under the code". */
export const frameLabel = (t: Translate, frame: string) => t(`code.frame.${frame}`);

/** The form as posted, as a design input for the design schema. */
export function designFormInput(form: FormData): Record<string, unknown> {
  const params = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") params.append(name, value);
  // "No gradient" is a choice of the form, not a gradient type.
  if (params.get("gradientType") === "none") params.delete("gradientType");
  // A corner colour equal to the dots' is the default, kept as "absent".
  for (const name of ["cornerColor", "cornerDotColor"]) {
    if (params.get(name)?.toLowerCase() === params.get("fgColor")?.toLowerCase()) {
      params.delete(name);
    }
  }
  return designInputFromSearchParams(params);
}

/** The form's values: what was posted after a refusal, else the saved design. */
export function designFormValues(design: Customization): Record<string, string> {
  // A colour field takes only #rrggbb; "#abc" would silently turn black.
  const hex = (color: string) => normalizeHexColor(color);
  const values: Record<string, string> = {
    dotShape: design.dotShape,
    cornerShape: design.cornerShape,
    cornerDotShape: design.cornerDotShape,
    fgColor: design.fgColor,
    bgColor: design.bgColor,
    cornerColor: design.cornerColor ?? design.fgColor,
    cornerDotColor: design.cornerDotColor ?? design.fgColor,
    gradientType: design.gradient?.type ?? "none",
    gradientFrom: design.gradient?.from ?? design.fgColor,
    gradientTo: design.gradient?.to ?? design.fgColor,
    gradientRotation: String(design.gradient?.rotation ?? 0),
    frame: design.frame,
    frameText: design.frameText,
    frameColor: design.frameColor,
    frameTextColor: design.frameTextColor,
    errorCorrection: design.errorCorrection,
    margin: String(design.margin),
  };
  for (const name of COLOUR_FIELDS) values[name] = hex(values[name]!);
  return values;
}

const COLOUR_FIELDS = [
  "fgColor",
  "bgColor",
  "cornerColor",
  "cornerDotColor",
  "gradientFrom",
  "gradientTo",
  "frameColor",
  "frameTextColor",
] as const;

/** The design in words: one line per part, for the page's summary. */
export function designSummary(
  design: Customization,
  hasLogo: boolean,
  t: Translate,
): [string, string][] {
  const lines: [string, string][] = [
    [t("code.designForm.dots"), shapeLabel(t, design.dotShape)],
    [t("code.designForm.corners"), shapeLabel(t, design.cornerShape)],
    [t("code.designForm.cornerCentres"), shapeLabel(t, design.cornerDotShape)],
    [
      t("code.designForm.colours"),
      design.gradient
        ? t(`code.summary.gradient.${design.gradient.type}`, {
            from: design.gradient.from,
            to: design.gradient.to,
            rotation: design.gradient.rotation,
            background: design.bgColor,
          })
        : t("code.summary.colours", { foreground: design.fgColor, background: design.bgColor }),
    ],
  ];
  const corner = design.cornerColor ?? design.fgColor;
  const centre = design.cornerDotColor ?? design.fgColor;
  if (corner !== design.fgColor || centre !== design.fgColor) {
    lines.push([
      t("code.summary.cornerColours"),
      t("code.summary.cornerColoursValue", { corner, centre }),
    ]);
  }
  lines.push([
    t("code.designForm.frame"),
    design.frame === "none"
      ? frameLabel(t, "none")
      : t("code.summary.frameValue", {
          frame: frameLabel(t, design.frame),
          text: design.frameText,
          textColour: design.frameTextColor,
          frameColour: design.frameColor,
        }),
  ]);
  // A logo covers modules, so it always draws at H.
  const level = hasLogo ? "H" : design.errorCorrection;
  lines.push([t("code.summary.errorCorrection"), errorCorrectionLabel(t, level)]);
  lines.push([t("code.summary.quietZone"), t("code.summary.modules", { count: design.margin })]);
  if (hasLogo) lines.push([t("code.summary.logo"), shapeLabel(t, design.logoSize)]);
  return lines;
}
