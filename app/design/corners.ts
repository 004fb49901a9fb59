import { roundedRect } from "./path";
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

/** Corner radius of the ring's outline (3.5 is a circle); its hole's is one module less. */
const RING_RADIUS: Record<CornerShape, number> = {
  square: 0,
  rounded: 2,
  "extra-rounded": 2.8,
  dot: 3.5,
};

/** Corner radius of the 3×3 centre (1.5 is a circle). */
const CENTRE_RADIUS: Record<CornerDotShape, number> = { square: 0, rounded: 0.5, dot: 1.5 };

/**
 * How much rounder than the ring's corners the centre may be: jsQR loses patterns with a rounder
 * centre in a square ring at 6 to 8 pixels per module.
 */
const CENTRE_SLACK = 0.5;

/**
 * One finder pattern with its top-left corner at (x, y): the 7×7 ring with its 5×5 hole cut out
 * (drawn the other way round) and the 3×3 centre. Readers look for the 1:1:3:1:1 rhythm along
 * rows, columns and diagonals, which a round ring round a square centre (or a square ring round a
 * round centre) breaks. So the centre follows the ring: a ring rounded with radius R rounds the
 * centre by at least R − 2, which keeps the diagonal exact (a square centre in a circle ring is a
 * circle), and at most by R + CENTRE_SLACK (a dot centre in a square ring is a rounded square).
 * Measured with ZXing and jsQR at 3 to 8 pixels per module (tests/unit/design-scans-*.test.ts).
 */
export function finderPaths(
  ringShape: CornerShape,
  centreShape: CornerDotShape,
  x: number,
  y: number,
): { ring: string; centre: string } {
  const ring = RING_RADIUS[ringShape];
  const centre = Math.min(Math.max(CENTRE_RADIUS[centreShape], ring - 2), ring + CENTRE_SLACK);
  const hole = Math.max(0, ring - 1);
  const radii = (r: number) => [r, r, r, r] as const;
  return {
    ring: roundedRect(x, y, 7, 7, radii(ring)) + roundedRect(x + 1, y + 1, 5, 5, radii(hole), true),
    centre: roundedRect(x + 2, y + 2, 3, 3, radii(centre)),
  };
}
