import { num, roundedRect } from "./path";
import type { Frame } from "./schema";
import { CAP_HEIGHT_EM, textWidth } from "./text";

/** Where the code square (with its quiet zone) and the frame's text go on the canvas. */
export interface FrameLayout {
  width: number;
  height: number;
  codeX: number;
  codeY: number;
  /** The frame's shape, drawn under the code's background; absent without a frame. */
  framePath?: string;
  text?: { centerX: number; middleY: number; capHeight: number; maxWidth: number };
}

/**
 * Lays a frame out around a code square `span` modules wide (quiet zone included). The frame
 * always sits outside the quiet zone, so it never eats into what readers need.
 */
export function frameLayout(frame: Frame, span: number, text: string): FrameLayout {
  if (frame === "none") return { width: span, height: span, codeX: 0, codeY: 0 };
  const border = Math.max(1, span * 0.04);
  const band = span * 0.24;
  const width = span + 2 * border;
  const radius = 2 * border;

  if (frame === "box" || frame === "banner") {
    const height = span + border + band;
    const codeY = frame === "box" ? border : band;
    return {
      width,
      height,
      codeX: border,
      codeY,
      framePath: roundedRect(0, 0, width, height, [radius, radius, radius, radius]),
      text: {
        centerX: width / 2,
        middleY: frame === "box" ? codeY + span + band / 2 : band / 2,
        capHeight: band * 0.42,
        maxWidth: width - 4 * border,
      },
    };
  }

  // bubble: a thin border round the code, and under it a pill-shaped label pointing up at it.
  const ring = roundedRect(0, 0, width, width, [radius, radius, radius, radius]);
  const gap = 1.5 * border;
  const pillHeight = band * 0.8;
  const capHeight = pillHeight * 0.42;
  const pillWidth = Math.min(
    width,
    Math.max(width * 0.6, (textWidth(text) * capHeight) / CAP_HEIGHT_EM + pillHeight),
  );
  const pillX = (width - pillWidth) / 2;
  const pillY = width + gap;
  const tip = border;
  const pointer =
    `M${num(width / 2)} ${num(width + gap * 0.25)}` +
    `L${num(width / 2 + tip)} ${num(pillY + 0.5)}L${num(width / 2 - tip)} ${num(pillY + 0.5)}z`;
  const half = pillHeight / 2;
  return {
    width,
    height: pillY + pillHeight,
    codeX: border,
    codeY: border,
    framePath:
      ring + pointer + roundedRect(pillX, pillY, pillWidth, pillHeight, [half, half, half, half]),
    text: {
      centerX: width / 2,
      middleY: pillY + half,
      capHeight,
      maxWidth: pillWidth - pillHeight,
    },
  };
}
