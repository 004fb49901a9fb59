import { logoBox } from "../qr/logo";
import { encodeMatrix, type QrMatrix } from "../qr/matrix";
import { finderOrigins, finderPaths, inFinder } from "./corners";
import { dotsPath } from "./dots";
import { frameLayout } from "./frame";
import { rect } from "./path";
import type { Design, Gradient, LogoSize } from "./schema";
import { textPath } from "./text";

// A design drawn as data: filled paths in canvas units (one module = 1), each with its paint. The
// SVG, the print writers (PDF, EPS) and rasterisers all start from this.

export type Paint =
  | { type: "solid"; color: string }
  | { type: "linear"; from: string; to: string; x1: number; y1: number; x2: number; y2: number }
  | { type: "radial"; from: string; to: string; cx: number; cy: number; r: number };

export interface DrawingPath {
  d: string;
  paint: Paint;
  /** Only axis-aligned rectangles: renderers may skip anti-aliasing without changing the shape. */
  crisp: boolean;
}

export interface Drawing {
  /** Canvas size in modules. */
  width: number;
  height: number;
  /** Painted in order: backgrounds, then the code's marks and the frame's text. */
  paths: DrawingPath[];
  /** The logo's square, drawn last, when the code has a logo. */
  logo?: { x: number; y: number; side: number; href: string };
  matrix: QrMatrix;
}

/** The logo's width as a share of the symbol's width. */
export const LOGO_FRACTIONS: Record<LogoSize, number> = { small: 0.18, medium: 0.24, large: 0.3 };

function gradientPaint(gradient: Gradient, x: number, y: number, side: number): Paint {
  const cx = x + side / 2;
  const cy = y + side / 2;
  if (gradient.type === "radial") {
    return {
      type: "radial",
      from: gradient.from,
      to: gradient.to,
      cx,
      cy,
      r: (side / 2) * Math.SQRT2,
    };
  }
  // Rotation turns the gradient's axis clockwise from left-to-right, reaching the square's corners.
  const angle = (gradient.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const half = (side / 2) * (Math.abs(cos) + Math.abs(sin));
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    type: "linear",
    from: gradient.from,
    to: gradient.to,
    x1: round(cx - half * cos),
    y1: round(cy - half * sin),
    x2: round(cx + half * cos),
    y2: round(cy + half * sin),
  };
}

function paintKey(paint: Paint): string {
  return paint.type === "solid" ? paint.color : JSON.stringify(paint);
}

/**
 * Draws `payload` in `design`. A logo (a data: URL) forces error correction H, as the generator
 * always did, and sits on a cleared square unless the design keeps the dots behind it.
 */
export function drawDesign(payload: string, design: Design, logoHref?: string): Drawing {
  const matrix = encodeMatrix(payload, logoHref ? "H" : design.errorCorrection);
  const size = matrix.size;
  const span = size + 2 * design.margin;
  const layout = frameLayout(design.frame, span, design.frameText);
  const x0 = layout.codeX + design.margin;
  const y0 = layout.codeY + design.margin;

  const box = logoHref ? logoBox(size, LOGO_FRACTIONS[design.logoSize]) : undefined;
  const cleared = (row: number, col: number) =>
    box !== undefined &&
    design.logoClear &&
    row >= box.start - 1 &&
    row <= box.start + box.side &&
    col >= box.start - 1 &&
    col <= box.start + box.side;
  const isDot = (row: number, col: number) =>
    matrix.modules[row * size + col] === 1 && !inFinder(size, row, col) && !cleared(row, col);

  const backgrounds: DrawingPath[] = [];
  if (layout.framePath) {
    backgrounds.push({
      d: layout.framePath,
      paint: { type: "solid", color: design.frameColor },
      crisp: false,
    });
  }
  backgrounds.push({
    d: rect(layout.codeX, layout.codeY, span, span),
    paint: { type: "solid", color: design.bgColor },
    crisp: true,
  });

  const marks: DrawingPath[] = [
    {
      d: dotsPath(size, isDot, design.dotShape, x0, y0),
      paint: design.gradient
        ? gradientPaint(design.gradient, x0, y0, size)
        : { type: "solid", color: design.fgColor },
      crisp: design.dotShape === "square",
    },
  ];
  const finders = finderOrigins(size).map(([row, col]) =>
    finderPaths(design.cornerShape, design.cornerDotShape, x0 + col, y0 + row),
  );
  marks.push({
    d: finders.map((finder) => finder.ring).join(""),
    paint: { type: "solid", color: design.cornerColor ?? design.fgColor },
    crisp: design.cornerShape === "square",
  });
  marks.push({
    d: finders.map((finder) => finder.centre).join(""),
    paint: { type: "solid", color: design.cornerDotColor ?? design.fgColor },
    // A square centre is rounded to match a round ring (see finderPaths).
    crisp:
      design.cornerDotShape === "square" &&
      (design.cornerShape === "square" || design.cornerShape === "rounded"),
  });
  if (layout.text && design.frameText) {
    marks.push({
      d: textPath(design.frameText, layout.text),
      paint: { type: "solid", color: design.frameTextColor },
      crisp: false,
    });
  }

  // One path per paint: marks never overlap each other, so merging them keeps the picture.
  const merged = new Map<string, DrawingPath>();
  for (const mark of marks) {
    if (!mark.d) continue;
    const key = paintKey(mark.paint);
    const earlier = merged.get(key);
    if (earlier)
      merged.set(key, { ...earlier, d: earlier.d + mark.d, crisp: earlier.crisp && mark.crisp });
    else merged.set(key, mark);
  }

  return {
    width: layout.width,
    height: layout.height,
    paths: [...backgrounds, ...merged.values()],
    logo:
      box && logoHref
        ? { x: x0 + box.start, y: y0 + box.start, side: box.side, href: logoHref }
        : undefined,
    matrix,
  };
}
