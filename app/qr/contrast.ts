/** Parses "#rgb" or "#rrggbb" into 0-255 channels. */
export function parseHexColor(color: string): [number, number, number] {
  let hex = color.replace(/^#/, "");
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  const value = parseInt(hex, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** "#abc" → "#aabbcc", lower case: one spelling per colour for storage and comparison. */
export function normalizeHexColor(color: string): string {
  return `#${parseHexColor(color)
    .map((channel) => channel.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** WCAG 2 relative luminance. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHexColor(color).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Phone cameras binarise the image; below about 3:1 many of them stop finding the code, and many
 * readers only look for dark modules on a light background.
 */
export const MIN_CONTRAST = 3;

/** Why a colour pair would not scan reliably, with a fix; null when it is fine. */
export function scannabilityProblem(fgColor: string, bgColor: string): string | null {
  const ratio = contrastRatio(fgColor, bgColor);
  if (relativeLuminance(fgColor) > relativeLuminance(bgColor) && ratio >= 1.01) {
    return "Light codes on a dark background do not scan on many phones. Use a dark foreground on a light background, or swap the two colours.";
  }
  if (ratio < MIN_CONTRAST) {
    return `These colours are too close to each other for phones to read (contrast ${ratio.toFixed(1)}:1, at least ${MIN_CONTRAST}:1 is needed). Make the foreground darker or the background lighter.`;
  }
  return null;
}
