// SVG path data in the small dialect every writer of the design reads: M/m, L/l, H/h, V/v, C/c,
// Q/q and Z/z, no arcs (curves are cubic Béziers), so PDF, EPS and rasterisers share one path.

/** Numbers with at most three decimals, without trailing zeros. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** How far the control points of a quarter circle sit from its ends, per unit of radius. */
const KAPPA = 0.5522847498;

/**
 * A rectangle with its own radius per corner (top-left, top-right, bottom-right, bottom-left),
 * drawn clockwise; `reverse` draws it anticlockwise, to cut a hole.
 */
export function roundedRect(
  x: number,
  y: number,
  width: number,
  height: number,
  [tl, tr, br, bl]: readonly [number, number, number, number],
  reverse = false,
): string {
  const arc = (r: number, dx: number, dy: number, clockwiseStartHorizontal: boolean) => {
    if (r === 0) return "";
    const k = r * KAPPA;
    return clockwiseStartHorizontal
      ? `c${num(Math.sign(dx) * k)} 0 ${num(dx)} ${num(dy - Math.sign(dy) * k)} ${num(dx)} ${num(dy)}`
      : `c0 ${num(Math.sign(dy) * k)} ${num(dx - Math.sign(dx) * k)} ${num(dy)} ${num(dx)} ${num(dy)}`;
  };
  const line = (axis: "h" | "v", length: number) => (length === 0 ? "" : `${axis}${num(length)}`);
  if (!reverse) {
    return (
      `M${num(x + tl)} ${num(y)}` +
      line("h", width - tl - tr) +
      arc(tr, tr, tr, true) +
      line("v", height - tr - br) +
      arc(br, -br, br, false) +
      line("h", -(width - br - bl)) +
      arc(bl, -bl, -bl, true) +
      line("v", -(height - bl - tl)) +
      arc(tl, tl, -tl, false) +
      "z"
    );
  }
  return (
    `M${num(x)} ${num(y + tl)}` +
    line("v", height - tl - bl) +
    arc(bl, bl, bl, false) +
    line("h", width - bl - br) +
    arc(br, br, -br, true) +
    line("v", -(height - br - tr)) +
    arc(tr, -tr, -tr, false) +
    line("h", -(width - tr - tl)) +
    arc(tl, -tl, tl, true) +
    "z"
  );
}

export function rect(x: number, y: number, width: number, height: number, reverse = false): string {
  return reverse
    ? `M${num(x)} ${num(y)}v${num(height)}h${num(width)}v${num(-height)}z`
    : `M${num(x)} ${num(y)}h${num(width)}v${num(height)}h${num(-width)}z`;
}

export function circle(cx: number, cy: number, r: number, reverse = false): string {
  return roundedRect(cx - r, cy - r, 2 * r, 2 * r, [r, r, r, r], reverse);
}

const TOKEN = /([MmLlHhVvCcQqZz])|(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)/g;

/**
 * Moves and scales a path whose first command is a relative or absolute move and whose other
 * commands are relative (the glyph outlines): the first point becomes absolute, the rest scale.
 */
export function placeRelativePath(d: string, x: number, y: number, scale: number): string {
  let out = "";
  let first = true;
  let pending: number[] = [];
  for (const [, command, value] of d.matchAll(TOKEN)) {
    if (command) {
      out += command;
      continue;
    }
    const n = Number(value);
    if (first) {
      pending.push(n);
      if (pending.length === 2) {
        out = `M${num(x + pending[0]! * scale)} ${num(y + pending[1]! * scale)}`;
        first = false;
        pending = [];
      }
      continue;
    }
    out += /[\d.]$/.test(out) && n >= 0 ? ` ${num(n * scale)}` : num(n * scale);
  }
  return out;
}
