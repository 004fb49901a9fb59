import {
  contrastRatio,
  MIN_CONTRAST,
  relativeLuminance,
  scannabilityProblem,
} from "../qr/contrast";
import type { Design } from "./schema";

export interface DesignProblem {
  /** The field to change, as the API and the form name it. */
  path: string[];
  message: string;
}

/** Why a part drawn on the background would not scan, naming the part; null when it is fine. */
function partProblem(part: string, color: string, bgColor: string): string | null {
  const ratio = contrastRatio(color, bgColor);
  if (relativeLuminance(color) > relativeLuminance(bgColor) && ratio >= 1.01) {
    return `${part} is lighter than the background; many phones only read dark codes on a light background. Make it darker than the background.`;
  }
  if (ratio < MIN_CONTRAST) {
    return `${part} is too close to the background. The contrast is ${ratio.toFixed(1)}:1 and phones need at least ${MIN_CONTRAST}:1: make it darker or the background lighter.`;
  }
  return null;
}

/**
 * Every colour pair that decides whether the code scans or its frame reads, each against what it
 * sits on: the dots (or both gradient stops), the corners and their centres against the background,
 * and the frame text against the frame.
 */
export function designContrastProblems(
  design: Pick<
    Design,
    | "fgColor"
    | "bgColor"
    | "cornerColor"
    | "cornerDotColor"
    | "gradient"
    | "frame"
    | "frameColor"
    | "frameTextColor"
  >,
): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const check = (path: string[], part: string, color: string) => {
    const message = partProblem(part, color, design.bgColor);
    if (message) problems.push({ path, message });
  };

  if (design.gradient) {
    const { from, to } = design.gradient;
    const [light, dark] =
      relativeLuminance(from) >= relativeLuminance(to)
        ? [
            ["gradient", "from"],
            ["gradient", "to"],
          ]
        : [
            ["gradient", "to"],
            ["gradient", "from"],
          ];
    check(light, "The gradient's light end", light[1] === "from" ? from : to);
    check(dark, "The gradient's dark end", dark[1] === "from" ? from : to);
  } else {
    const message = scannabilityProblem(design.fgColor, design.bgColor);
    if (message) problems.push({ path: ["fgColor"], message });
  }
  // Corners without a colour of their own take the dots' colour, checked above unless the dots
  // are a gradient (which leaves the foreground colour to the corners alone).
  for (const [field, part] of [
    ["cornerColor", "The corner colour"],
    ["cornerDotColor", "The corner centre colour"],
  ] as const) {
    const color = design[field];
    if (color !== undefined || design.gradient) check([field], part, color ?? design.fgColor);
  }

  if (design.frame !== "none") {
    const ratio = contrastRatio(design.frameTextColor, design.frameColor);
    if (ratio < MIN_CONTRAST) {
      problems.push({
        path: ["frameTextColor"],
        message: `The frame text is too close to the frame colour to read. The contrast is ${ratio.toFixed(1)}:1 and at least ${MIN_CONTRAST}:1 is needed: pick a lighter or darker text colour.`,
      });
    }
  }
  return problems;
}
