/**
 * Where the toast region goes so that a toast never covers a form error (issue #29 item 10): its
 * usual edge, unless that covers an error (or, less important, the field being typed in) and the
 * other edge covers less.
 */
export type ToastEdge = "top" | "bottom";

interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** What a toast must keep clear of: errors first, then the focused field. */
export const ERROR_SELECTOR = ".field-error, [aria-invalid='true'], [role='alert']";
export const FOCUSED_SELECTOR = "input:focus, textarea:focus, select:focus";

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** How bad a spot is: any error covered outweighs the focused field. */
function cost(spot: Box, errors: Box[], focused: Box[]): number {
  return (
    errors.filter((box) => overlaps(spot, box)).length * 10 +
    focused.filter((box) => overlaps(spot, box)).length
  );
}

export function chooseToastEdge(
  spots: { usual: { edge: ToastEdge; box: Box }; other: { edge: ToastEdge; box: Box } },
  errors: Box[],
  focused: Box[],
): ToastEdge {
  const usual = cost(spots.usual.box, errors, focused);
  if (usual === 0) return spots.usual.edge;
  return cost(spots.other.box, errors, focused) < usual ? spots.other.edge : spots.usual.edge;
}

/** The on-screen boxes of what `selector` finds outside the toast region itself. */
const visibleBoxes = (selector: string, region: HTMLElement): Box[] =>
  Array.from(document.querySelectorAll(selector))
    .filter((element) => !region.contains(element))
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);

/** Moves the region (data-edge) to the edge chooseToastEdge picks, measured in place. */
export function placeToastRegion(region: HTMLElement): void {
  delete region.dataset.edge;
  if (!region.firstElementChild) return;
  const usualBox = region.getBoundingClientRect();
  const usualEdge: ToastEdge = usualBox.top < window.innerHeight / 2 ? "top" : "bottom";
  const otherEdge: ToastEdge = usualEdge === "top" ? "bottom" : "top";
  const errors = visibleBoxes(ERROR_SELECTOR, region);
  const focused = visibleBoxes(FOCUSED_SELECTOR, region);
  if (cost(usualBox, errors, focused) === 0) return;
  region.dataset.edge = otherEdge;
  const otherBox = region.getBoundingClientRect();
  const edge = chooseToastEdge(
    { usual: { edge: usualEdge, box: usualBox }, other: { edge: otherEdge, box: otherBox } },
    errors,
    focused,
  );
  if (edge === usualEdge) delete region.dataset.edge;
}
