import { readBarcodes } from "zxing-wasm/reader";

export interface DecodedQr {
  /** The payload as UTF-8 text, decoded from the raw bytes (not zxing's charset guess). */
  text: string;
  /** Error-correction level the symbol was encoded with: "L", "M", "Q" or "H". */
  ecLevel: string;
  /** Symbol version (1-40), which tells how many modules wide the code is. */
  version: number;
}

/**
 * Reads every QR code in an image file (PNG, JPEG…) with zxing, an independent decoder.
 * The zxing module must have been prepared for the runtime first (see zxing-node.ts, zxing-workerd.ts).
 */
export async function decodeQrCodes(image: Uint8Array | Blob): Promise<DecodedQr[]> {
  const results = await readBarcodes(image, { formats: ["QRCode"], tryHarder: true });
  return results
    .filter((result) => result.isValid)
    .map((result) => ({
      text: new TextDecoder("utf-8", { fatal: true }).decode(result.bytes),
      ecLevel: result.ecLevel,
      version: Number(result.version),
    }));
}

/** Decodes exactly one QR code from an image, failing loudly when there is none or several. */
export async function decodeSingleQr(image: Uint8Array | Blob): Promise<DecodedQr> {
  const codes = await decodeQrCodes(image);
  if (codes.length !== 1)
    throw new Error(`Expected one QR code in the image, found ${codes.length}`);
  return codes[0]!;
}
