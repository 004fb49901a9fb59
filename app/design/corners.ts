import { circle, rect, roundedRect } from "./path";
import type { CornerDotShape, CornerShape } from "./schema";

/** A finder pattern's side in modules: a 7×7 ring, a light 5×5 gap, a 3×3 centre. */
export const FINDER = 7;

/** Top-left module of each finder pattern: top-left, top-right, bottom-left. */
export function finderOrigins(size: number): Array<[row: number, col: number]> {
  return [
    [0, 0],
    [0, size - FINDER],
    [size - FINDER, 0],
  ];
}

export function inFinder(size: number, row: number, col: number): boolean {
  return (
    (row < FINDER && (col < FINDER || col >= size - FINDER)) ||
    (row >= size - FINDER && col < FINDER)
  );
}

/**
 * The outer ring at (x, y): the 7×7 outline with the 5×5 hole cut out (drawn the other way round),
 * so every style keeps the dark-light-dark rhythm of 1:1:3:1:1 along every line through its centre.
 */
export function ringPath(shape: CornerShape, x: number, y: number): string {
  if (shape === "dot") {
    return circle(x + 3.5, y + 3.5, 3.5) + circle(x + 3.5, y + 3.5, 2.5, true);
  }
  if (shape === "square") return rect(x, y, 7, 7) + rect(x + 1, y + 1, 5, 5, true);
  const outer = shape === "rounded" ? 2 : 2.8;
  const inner = outer - 1;
  return (
    roundedRect(x, y, 7, 7, [outer, outer, outer, outer]) +
    roundedRect(x + 1, y + 1, 5, 5, [inner, inner, inner, inner], true)
  );
}

/** The 3×3 centre at (x, y) of the finder pattern (its top-left corner). */
export function centrePath(shape: CornerDotShape, x: number, y: number): string {
  if (shape === "dot") return circle(x + 3.5, y + 3.5, 1.5);
  if (shape === "square") return rect(x + 2, y + 2, 3, 3);
  return roundedRect(x + 2, y + 2, 3, 3, [0.9, 0.9, 0.9, 0.9]);
}
