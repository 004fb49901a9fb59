import { finderPaths } from "./corners";
import { dotsPath } from "./dots";
import { CORNER_DOT_SHAPES, CORNER_SHAPES, DOT_SHAPES } from "./names";

// The small pictures beside the generator's shape choices (issue #28), drawn by the same paths as
// the codes: a patch of dots, or one finder pattern.

/** A 5 × 5 patch with runs, corners and lone modules, so every dot shape shows its character. */
const PATCH = ["11010", "10111", "01101", "11001", "01111"];

export const SHAPE_PARTS = {
  dots: DOT_SHAPES,
  corners: CORNER_SHAPES,
  centres: CORNER_DOT_SHAPES,
} as const;
export type ShapePart = keyof typeof SHAPE_PARTS;

const svg = (side: number, d: string, faint = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="-0.5 -0.5 ${side + 1} ${side + 1}">` +
  (faint ? `<path fill="#94a3b8" d="${faint}"/>` : "") +
  `<path fill="#0f172a" d="${d}"/></svg>`;

/** The picture of `shape` as a `part` of a code, or null when there is no such choice. */
export function shapePictureSvg(part: string, shape: string): string | null {
  if (!(part in SHAPE_PARTS)) return null;
  const choices: readonly string[] = SHAPE_PARTS[part as ShapePart];
  if (!choices.includes(shape)) return null;
  if (part === "dots") {
    const dark = (row: number, col: number) => PATCH[row]![col] === "1";
    return svg(5, dotsPath(5, dark, shape as (typeof DOT_SHAPES)[number], 0, 0));
  }
  if (part === "corners") {
    const finder = finderPaths(shape as (typeof CORNER_SHAPES)[number], "square", 0, 0);
    return svg(7, finder.ring + finder.centre);
  }
  // A centre in a rounded ring, which lets every centre shape be itself, the ring faint.
  const finder = finderPaths("rounded", shape as (typeof CORNER_DOT_SHAPES)[number], 0, 0);
  return svg(7, finder.centre, finder.ring);
}
