import { parseHexColor } from "../qr/contrast";
import type { Drawing, DrawingPath, Paint } from "./drawing";
import { pathSegments } from "./print/segments";

// A drawing's pixels without an SVG renderer (issue #28's speed): every path of a design is a
// filled outline of lines and cubic curves, so a scanline rasteriser with exact-area
// anti-aliasing (the signed-area accumulation of font-rs) draws it at any size in a few
// milliseconds. Curves are flattened to within a tenth of a pixel, paths fill non-zero as in the
// SVG, "crisp" paths (axis-aligned rectangles) get hard edges as `shape-rendering="crispEdges"`
// gives them, and gradients are sampled at each pixel's centre. A drawing with a logo needs an
// image decoder and is left to resvg (see withRaster in ../qr/png.server.ts).

/** RGBA pixels, row by row; `data` is the bytes, `words` the same memory one pixel a word. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  words: Uint32Array;
  /** Whether every pixel is opaque (no frame's rounded corners showing through). */
  opaque: boolean;
}

/** Flattening tolerance in pixels. */
const TOLERANCE = 0.1;

/** A pixel as one little-endian word: R in the low byte, A in the high one. */
function pack(r: number, g: number, b: number, a = 255): number {
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

// The accumulation cells, shared: rasterising is synchronous and leaves every cell at zero, so
// one buffer per isolate serves every drawing (concurrent requests never hold one each).
let sharedCells = new Float32Array(0);

function cells(length: number): Float32Array {
  if (sharedCells.length < length) sharedCells = new Float32Array(length);
  return sharedCells;
}

class Canvas {
  readonly stride: number;
  readonly acc: Float32Array;
  readonly words: Uint32Array;
  // The cells a path touched: only those rows and columns are summed.
  private minX = Infinity;
  private maxX = -1;
  private minY = Infinity;
  private maxY = -1;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    // Two spare cells a row: a line at the right edge spills its remaining area into them.
    this.stride = width + 2;
    this.acc = cells(this.stride * height);
    this.words = new Uint32Array(width * height);
  }

  /** Adds a line's signed area to the cells it crosses (downward lines count positive). */
  line(x0: number, y0: number, x1: number, y1: number): void {
    if (y0 === y1) return;
    let dir = 1;
    if (y0 > y1) {
      dir = -1;
      [x0, y0, x1, y1] = [x1, y1, x0, y0];
    }
    const { width, height, stride, acc } = this;
    const clamp = (x: number) => (x < 0 ? 0 : x > width ? width : x);
    const dxdy = (x1 - x0) / (y1 - y0);
    let x = x0;
    if (y0 < 0) {
      x -= y0 * dxdy;
      y0 = 0;
    }
    const yEnd = Math.min(height, y1);
    if (y0 >= yEnd) return;
    const rowStart = Math.floor(y0);
    const rowEnd = Math.ceil(yEnd);
    if (rowStart < this.minY) this.minY = rowStart;
    if (rowEnd - 1 > this.maxY) this.maxY = rowEnd - 1;
    for (let y = rowStart; y < rowEnd; y++) {
      const base = y * stride;
      const dy = Math.min(y + 1, yEnd) - Math.max(y, y0);
      const xNext = x + dxdy * dy;
      const d = dy * dir;
      const xa = clamp(x < xNext ? x : xNext);
      const xb = clamp(x < xNext ? xNext : x);
      const x0floor = Math.floor(xa);
      const x0i = x0floor;
      const x1ceil = Math.ceil(xb);
      if (x0i < this.minX) this.minX = x0i;
      if (x1ceil <= x0i + 1) {
        // Within one pixel: its share left of the line's mean x goes there, the rest next door.
        const xmf = 0.5 * (xa + xb) - x0floor;
        acc[base + x0i] = acc[base + x0i]! + d - d * xmf;
        acc[base + x0i + 1] = acc[base + x0i + 1]! + d * xmf;
        if (x0i + 1 > this.maxX) this.maxX = x0i + 1;
      } else {
        const s = 1 / (xb - xa);
        const x0f = xa - x0floor;
        const a0 = 0.5 * s * (1 - x0f) * (1 - x0f);
        const x1f = xb - x1ceil + 1;
        const am = 0.5 * s * x1f * x1f;
        acc[base + x0i] = acc[base + x0i]! + d * a0;
        if (x1ceil === x0i + 2) {
          acc[base + x0i + 1] = acc[base + x0i + 1]! + d * (1 - a0 - am);
        } else {
          const a1 = s * (1.5 - x0f);
          acc[base + x0i + 1] = acc[base + x0i + 1]! + d * (a1 - a0);
          for (let xi = x0i + 2; xi < x1ceil - 1; xi++) acc[base + xi] = acc[base + xi]! + d * s;
          const a2 = a1 + (x1ceil - x0i - 3) * s;
          acc[base + x1ceil - 1] = acc[base + x1ceil - 1]! + d * (1 - a2 - am);
        }
        acc[base + x1ceil] = acc[base + x1ceil]! + d * am;
        if (x1ceil > this.maxX) this.maxX = x1ceil;
      }
      x = xNext;
    }
  }

  /**
   * Sums each touched row into coverage, paints it with `colorAt` (a packed colour per pixel)
   * and clears the cells for the next path.
   */
  fill(paint: Painter, crisp: boolean): void {
    const { width, stride, acc, words } = this;
    const lastX = Math.min(this.maxX, stride - 1);
    const solid = paint.solid;
    for (let y = this.minY; y <= this.maxY; y++) {
      const base = y * stride;
      const rowStart = y * width;
      let sum = 0;
      let x = this.minX;
      while (x <= lastX) {
        sum += acc[base + x]!;
        acc[base + x] = 0;
        // The cells after this one that no edge touched: the coverage holds across them.
        let end = x + 1;
        while (end <= lastX && acc[base + end] === 0) end++;
        const stop = end < width ? end : width;
        let c = sum < 0 ? -sum : sum;
        if (c >= 0.002 && x < width && !(crisp && c < 0.5)) {
          if (crisp || c > 0.998) c = 1;
          if (c === 1 && solid !== undefined) {
            words.fill(solid, rowStart + x, rowStart + stop);
          } else if (c === 1 && paint.linear) {
            const { steps, t0, dtdx, dtdy } = paint.linear;
            let t = t0 + x * dtdx + y * dtdy;
            for (let px = rowStart + x; px < rowStart + stop; px++, t += dtdx) {
              words[px] = steps[t <= 0 ? 0 : t >= 1 ? 255 : (t * 255 + 0.5) | 0]!;
            }
          } else {
            for (let px = x; px < stop; px++) {
              const color = solid ?? paint.at(px, y);
              words[rowStart + px] = c === 1 ? color : over(words[rowStart + px]!, color, c);
            }
          }
        }
        x = end;
      }
    }
    this.minX = Infinity;
    this.maxX = -1;
    this.minY = Infinity;
    this.maxY = -1;
  }
}

/** `color` at coverage `c` over `under`, both packed, straight (not premultiplied) alpha. */
function over(under: number, color: number, c: number): number {
  const ua = (under >>> 24) / 255;
  const ca = ((color >>> 24) / 255) * c;
  const a = ca + ua * (1 - ca);
  if (a <= 0) return 0;
  const wu = (ua * (1 - ca)) / a;
  const wc = ca / a;
  const channel = (shift: number) =>
    Math.round(((color >>> shift) & 255) * wc + ((under >>> shift) & 255) * wu);
  return pack(channel(0), channel(8), channel(16), Math.round(a * 255));
}

/** 256 steps of a two-colour gradient, packed. */
function gradientSteps(from: string, to: string): Uint32Array {
  const [r0, g0, b0] = parseHexColor(from);
  const [r1, g1, b1] = parseHexColor(to);
  const steps = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    steps[i] = pack(
      Math.round(r0 + (r1 - r0) * t),
      Math.round(g0 + (g1 - g0) * t),
      Math.round(b0 + (b1 - b0) * t),
    );
  }
  return steps;
}

/** A paint in pixel coordinates: one packed colour, or a colour per pixel (a gradient). */
interface Painter {
  solid?: number;
  at: (x: number, y: number) => number;
  /** A linear gradient: its 256 colours, and t = t0 + x * dtdx + y * dtdy at pixel (x, y). */
  linear?: { steps: Uint32Array; t0: number; dtdx: number; dtdy: number };
}

/** The paint as a colour per pixel, in pixel coordinates (`scale` pixels a unit, then `dx`, `dy`). */
function painter(paint: Paint, scale: number, dx: number, dy: number): Painter {
  if (paint.type === "solid") {
    const color = pack(...parseHexColor(paint.color));
    return { solid: color, at: () => color };
  }
  const steps = gradientSteps(paint.from, paint.to);
  const step = (t: number) => steps[t <= 0 ? 0 : t >= 1 ? 255 : Math.round(t * 255)]!;
  // Pixel centres back in drawing units.
  const unit = (p: number, offset: number) => (p + 0.5 - offset) / scale;
  if (paint.type === "linear") {
    const vx = paint.x2 - paint.x1;
    const vy = paint.y2 - paint.y1;
    const length2 = vx * vx + vy * vy || 1;
    // t is linear in the pixel's position: its value at pixel (0, 0) and its steps.
    const dtdx = vx / scale / length2;
    const dtdy = vy / scale / length2;
    const t0 = ((unit(0, dx) - paint.x1) * vx + (unit(0, dy) - paint.y1) * vy) / length2;
    return {
      linear: { steps, t0, dtdx, dtdy },
      at: (x, y) => step(((unit(x, dx) - paint.x1) * vx + (unit(y, dy) - paint.y1) * vy) / length2),
    };
  }
  return {
    at: (x, y) => step(Math.hypot(unit(x, dx) - paint.cx, unit(y, dy) - paint.cy) / (paint.r || 1)),
  };
}

function addPath(canvas: Canvas, path: DrawingPath, scale: number, dx: number, dy: number) {
  let [x, y, startX, startY] = [0, 0, 0, 0];
  const to = (px: number, py: number) => {
    canvas.line(x, y, px, py);
    [x, y] = [px, py];
  };
  const close = () => {
    if (x !== startX || y !== startY) canvas.line(x, y, startX, startY);
    [x, y] = [startX, startY];
  };
  for (const segment of pathSegments(path.d)) {
    if (segment.op === "Z") {
      close();
      continue;
    }
    const px = segment.x * scale + dx;
    const py = segment.y * scale + dy;
    if (segment.op === "M") {
      close();
      [x, y, startX, startY] = [px, py, px, py];
    } else if (segment.op === "L") {
      to(px, py);
    } else if (segment.op === "C") {
      const x1 = segment.x1 * scale + dx;
      const y1 = segment.y1 * scale + dy;
      const x2 = segment.x2 * scale + dx;
      const y2 = segment.y2 * scale + dy;
      // Enough straight pieces that none strays more than TOLERANCE from the curve.
      const dd = Math.max(
        Math.hypot(x - 2 * x1 + x2, y - 2 * y1 + y2),
        Math.hypot(x1 - 2 * x2 + px, y1 - 2 * y2 + py),
      );
      const n = Math.max(1, Math.ceil(Math.sqrt((0.75 * dd) / TOLERANCE)));
      const [x0, y0] = [x, y];
      for (let i = 1; i < n; i++) {
        const t = i / n;
        const u = 1 - t;
        const a = u * u * u;
        const b = 3 * u * u * t;
        const c = 3 * u * t * t;
        const e = t * t * t;
        to(a * x0 + b * x1 + c * x2 + e * px, a * y0 + b * y1 + c * y2 + e * py);
      }
      to(px, py);
    }
  }
  close();
}

/**
 * The drawing `width` pixels wide (its height follows, as in drawingToSvg), on `background` when
 * given (else transparent where nothing is drawn). Undefined for a drawing with a logo.
 */
export function rasterise(
  drawing: Drawing,
  width: number,
  { background }: { background?: string } = {},
): Raster | undefined {
  if (drawing.logo || !LITTLE_ENDIAN) return undefined;
  const height = Math.round((width * drawing.height) / drawing.width);
  // As the SVG's viewBox fits: one scale, centred.
  const scale = Math.min(width / drawing.width, height / drawing.height);
  const dx = (width - drawing.width * scale) / 2;
  const dy = (height - drawing.height * scale) / 2;
  const canvas = new Canvas(width, height);
  if (background) canvas.words.fill(pack(...parseHexColor(background)));
  for (const path of drawing.paths) {
    addPath(canvas, path, scale, dx, dy);
    canvas.fill(painter(path.paint, scale, dx, dy), path.crisp);
  }
  let opaque = true;
  for (let i = 0; i < canvas.words.length; i++) {
    if (canvas.words[i]! >>> 24 !== 255) {
      opaque = false;
      break;
    }
  }
  return {
    width,
    height,
    words: canvas.words,
    data: new Uint8ClampedArray(canvas.words.buffer),
    opaque,
  };
}
