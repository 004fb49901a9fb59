import type { Customization } from "../design/customization";
import { designInputFromSearchParams } from "../design/customization";
import type { Design } from "../design/schema";
import { normalizeHexColor } from "../qr/contrast";

// The code page's design form (issue #29 item 8), pure: its fields under the API's names (the
// gradient as gradientType/From/To/Rotation, as download links name it), read back into a design
// input, and the design said in words for the page's summary.

/** "extra-rounded" → "Extra rounded". */
export function shapeLabel(value: string): string {
  const words = value.replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const ERROR_CORRECTION_WORDS = {
  L: "Low (about 7% can be restored)",
  M: "Medium (about 15%)",
  Q: "Quartile (about 25%)",
  H: "High (about 30%)",
} as const;

export const FRAME_WORDS: Record<Design["frame"], string> = {
  none: "No frame",
  box: "Box, text under the code",
  banner: "Banner, text above the code",
  bubble: "Speech bubble under the code",
};

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
export function designSummary(design: Customization, hasLogo: boolean): [string, string][] {
  const lines: [string, string][] = [
    ["Dots", shapeLabel(design.dotShape)],
    ["Corners", shapeLabel(design.cornerShape)],
    ["Corner centres", shapeLabel(design.cornerDotShape)],
    [
      "Colours",
      design.gradient
        ? `${shapeLabel(design.gradient.type)} gradient ${design.gradient.from} to ${design.gradient.to} (${design.gradient.rotation}°) on ${design.bgColor}`
        : `${design.fgColor} on ${design.bgColor}`,
    ],
  ];
  const corner = design.cornerColor ?? design.fgColor;
  const centre = design.cornerDotColor ?? design.fgColor;
  if (corner !== design.fgColor || centre !== design.fgColor) {
    lines.push(["Corner colours", `${corner}, centres ${centre}`]);
  }
  lines.push([
    "Frame",
    design.frame === "none"
      ? FRAME_WORDS.none
      : `${FRAME_WORDS[design.frame]}: “${design.frameText}” (${design.frameTextColor} on ${design.frameColor})`,
  ]);
  // A logo covers modules, so it always draws at H.
  const level = hasLogo ? "H" : design.errorCorrection;
  lines.push(["Error correction", `${level}: ${ERROR_CORRECTION_WORDS[level]}`]);
  lines.push(["Quiet zone", `${design.margin} modules`]);
  if (hasLogo) lines.push(["Logo", shapeLabel(design.logoSize)]);
  return lines;
}
