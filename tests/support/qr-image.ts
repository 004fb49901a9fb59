import type { QrMatrix } from "../../app/qr/matrix";
import { renderPng } from "../../app/qr/png-encode";

/** A plain black-on-white PNG of a matrix, for reading codes back in Node (no resvg needed). */
export function matrixToPng(matrix: QrMatrix, size = 512): Uint8Array {
  return renderPng(matrix, { size, fgColor: "#000000", bgColor: "#ffffff" });
}
