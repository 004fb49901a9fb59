import { parseHexColor } from "../../qr/contrast";

/** 0–1 channels of a hex colour. */
export function rgbOf(color: string): [number, number, number] {
  return parseHexColor(color).map((channel) => channel / 255) as [number, number, number];
}

/**
 * The naive device conversion print shops expect when no profile is given: black from the
 * brightest channel, the rest from what is left. Pure black becomes 0 0 0 1 (black ink only).
 */
export function cmykOf(color: string): [number, number, number, number] {
  const [r, g, b] = rgbOf(color);
  const k = 1 - Math.max(r, g, b);
  if (k >= 1) return [0, 0, 0, 1];
  const rest = (channel: number) => Math.round(((1 - channel - k) / (1 - k)) * 1000) / 1000;
  return [rest(r), rest(g), rest(b), Math.round(k * 1000) / 1000];
}

/** A colour's components in the chosen device space. */
export function components(color: string, cmyk: boolean): number[] {
  return cmyk ? cmykOf(color) : rgbOf(color);
}

export interface PrintOptions {
  /** Width of the page (PDF) or bounding box (EPS) in points; the height follows the frame. */
  widthPt?: number;
  /** Colours as CMYK (converted from the hex) instead of RGB. */
  cmyk?: boolean;
}

/** 3 inches (7.62 cm) wide unless asked otherwise: a common size for print. */
export const DEFAULT_PRINT_WIDTH_PT = 216;
