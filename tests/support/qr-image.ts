import { QUIET_ZONE, type QrMatrix } from "../../app/qr/matrix";
import { encodeModulePng } from "../../app/qr/png-encode";

/** A plain black-on-white PNG of a matrix, for reading codes back in Node (no resvg needed). */
export function matrixToPng(matrix: QrMatrix, size = 512): Uint8Array {
  const n = matrix.size + 2 * QUIET_ZONE;
  const grid = new Uint8Array(n * n);
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      grid[(row + QUIET_ZONE) * n + col + QUIET_ZONE] = matrix.modules[row * matrix.size + col]!;
    }
  }
  return encodeModulePng({
    grid,
    n,
    size,
    palette: [
      [255, 255, 255],
      [0, 0, 0],
    ],
    padIndex: 0,
  });
}
