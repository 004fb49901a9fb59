import { circle, rect, roundedRect } from "./path";
import type { DotShape } from "./schema";

type Radii = [number, number, number, number];

/**
 * Dots a little larger than the module, so neighbours overlap slightly: with half-module dots
 * jsQR misreads some codes at 4 and 5 pixels per module, and its reading of dots is erratic in
 * the radius (0.62 and 0.66 each lose a few codes at 6 to 8 pixels); 0.64 reads every
 * combination at 3 to 8 pixels per module.
 */
const DOT_RADIUS = 0.64;

/**
 * Which corners of a module to round, from its four neighbours: a corner is free when neither
 * module beside it is dark. Each shape decides from those free corners (top-left, top-right,
 * bottom-right, bottom-left), so connected modules stay joined and only outer corners curve.
 */
function cornerRadii(
  shape: DotShape,
  up: boolean,
  right: boolean,
  down: boolean,
  left: boolean,
): Radii {
  const free = [!up && !left, !up && !right, !down && !right, !down && !left];
  if (shape === "classy" || shape === "classy-rounded") {
    // Only the top-left and bottom-right corners ever curve: a leaf that points one way.
    free[1] = false;
    free[3] = false;
  }
  const count = free.filter(Boolean).length;
  // A lone free corner may curve across the whole module; two or more share it half each.
  const wide = (shape === "extra-rounded" || shape === "classy-rounded") && count === 1 ? 1 : 0.5;
  return free.map((isFree) => (isFree ? wide : 0)) as Radii;
}

/**
 * One path for all data modules in `shape`, in module units with the module (row, col) at
 * (x0 + col, y0 + row). Runs of square modules become one rectangle each, and every piece is
 * drawn clockwise, so in one filled path the pieces join without seams.
 */
export function dotsPath(
  size: number,
  isDot: (row: number, col: number) => boolean,
  shape: DotShape,
  x0: number,
  y0: number,
): string {
  const dark = (row: number, col: number) =>
    row >= 0 && col >= 0 && row < size && col < size && isDot(row, col);
  let d = "";
  for (let row = 0; row < size; row++) {
    let runStart = -1;
    const endRun = (col: number) => {
      if (runStart >= 0) d += rect(x0 + runStart, y0 + row, col - runStart, 1);
      runStart = -1;
    };
    for (let col = 0; col < size; col++) {
      if (!dark(row, col)) {
        endRun(col);
        continue;
      }
      if (shape === "dots") {
        d += circle(x0 + col + 0.5, y0 + row + 0.5, DOT_RADIUS);
        continue;
      }
      const radii: Radii =
        shape === "square"
          ? [0, 0, 0, 0]
          : cornerRadii(
              shape,
              dark(row - 1, col),
              dark(row, col + 1),
              dark(row + 1, col),
              dark(row, col - 1),
            );
      if (radii.every((r) => r === 0)) {
        if (runStart < 0) runStart = col;
        continue;
      }
      endRun(col);
      d += roundedRect(x0 + col, y0 + row, 1, 1, radii);
    }
    endRun(size);
  }
  return d;
}
