// The drawing's path dialect (see ../path.ts) as absolute moves, lines and cubic curves: what
// PDF and PostScript draw natively. Quadratic curves (the font's) are raised to cubics exactly.

export type Segment =
  | { op: "M" | "L"; x: number; y: number }
  | { op: "C"; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: "Z" };

const ARITY: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, Q: 4, Z: 0 };
const TOKEN = /([MmLlHhVvCcQqZz])|(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)/g;

export function pathSegments(d: string): Segment[] {
  const segments: Segment[] = [];
  let command = "";
  let args: number[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];

  const run = (letter: string, a: number[]) => {
    const relative = letter === letter.toLowerCase();
    const upper = letter.toUpperCase();
    const [dx, dy] = relative ? [x, y] : [0, 0];
    if (upper === "M") {
      [x, y] = [a[0]! + dx, a[1]! + dy];
      [startX, startY] = [x, y];
      segments.push({ op: "M", x, y });
    } else if (upper === "L" || upper === "H" || upper === "V") {
      if (upper === "L") [x, y] = [a[0]! + dx, a[1]! + dy];
      else if (upper === "H") x = a[0]! + dx;
      else y = a[0]! + dy;
      segments.push({ op: "L", x, y });
    } else if (upper === "C") {
      const [x1, y1, x2, y2] = [a[0]! + dx, a[1]! + dy, a[2]! + dx, a[3]! + dy];
      [x, y] = [a[4]! + dx, a[5]! + dy];
      segments.push({ op: "C", x1, y1, x2, y2, x, y });
    } else if (upper === "Q") {
      const [qx, qy] = [a[0]! + dx, a[1]! + dy];
      const [ex, ey] = [a[2]! + dx, a[3]! + dy];
      segments.push({
        op: "C",
        x1: x + (2 / 3) * (qx - x),
        y1: y + (2 / 3) * (qy - y),
        x2: ex + (2 / 3) * (qx - ex),
        y2: ey + (2 / 3) * (qy - ey),
        x: ex,
        y: ey,
      });
      [x, y] = [ex, ey];
    } else {
      segments.push({ op: "Z" });
      [x, y] = [startX, startY];
    }
  };

  for (const [, letter, value] of d.matchAll(TOKEN)) {
    if (letter) {
      command = letter;
      args = [];
      if (ARITY[letter.toUpperCase()] === 0) run(letter, args);
      continue;
    }
    args.push(Number(value));
    if (args.length === ARITY[command.toUpperCase()]) {
      run(command, args);
      args = [];
      // Further pairs after a move are lines, as SVG reads them.
      if (command === "M") command = "L";
      else if (command === "m") command = "l";
    }
  }
  return segments;
}
