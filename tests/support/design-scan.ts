import { readFileSync } from "node:fs";
import jsQR from "jsqr";
import { describe, expect, test } from "vitest";
import { drawDesign } from "../../app/design/drawing";
import {
  CORNER_DOT_SHAPES,
  CORNER_SHAPES,
  DEFAULT_DESIGN,
  FRAMES,
  type Design,
  type DotShape,
} from "../../app/design/schema";
import { drawingToSvg } from "../../app/design/svg";
import { ERROR_CORRECTION_LEVELS } from "../../app/qr/types";
import { bytesToBase64 } from "../../app/qr/base64";
import { decodeQrCodes } from "./qr-decode";
import { rasteriseSvg } from "./resvg-node";

export const LOGO_HREF = `data:image/png;base64,${bytesToBase64(
  readFileSync(new URL("../fixtures/logo.png", import.meta.url)),
)}`;

/** A short link as the app hands them out: what most codes carry. */
export const SHORT_LINK = "https://qr.example.com/r/AbC123";

/**
 * Draws a design small (a few pixels per module, as a phone sees a code across a table) and reads
 * it with both decoders. Returns which decoders failed: empty when both read `payload` back.
 */
export async function unreadBy(
  design: Design,
  { payload = SHORT_LINK, logoHref, pixelsPerModule = 3 } = {} as {
    payload?: string;
    logoHref?: string;
    pixelsPerModule?: number;
  },
): Promise<string[]> {
  const drawing = drawDesign(payload, design, logoHref);
  const width = Math.round(drawing.width * pixelsPerModule);
  const { pixels } = await rasteriseSvg(drawingToSvg(drawing, width), width);
  const failed: string[] = [];
  const zxing = await decodeQrCodes(pixels as unknown as Blob);
  if (zxing.length !== 1 || zxing[0]!.text !== payload) failed.push("ZXing");
  if (jsQR(pixels.data, pixels.width, pixels.height)?.data !== payload) failed.push("jsQR");
  return failed;
}

const GRADIENT = { type: "linear", from: "#1d4ed8", to: "#7e22ce", rotation: 45 } as const;

/**
 * Issue #28: every design we offer scans. For each dot shape given: each corner × corner centre ×
 * frame, at every error-correction level, with and without a gradient, and with a logo (which
 * forces H), read by ZXing and by jsQR. The resolution turns through 3 to 6 pixels per module, so
 * every combination is read at several sizes without drawing each one four times. A combination
 * either decoder cannot read fails; the fix is the shape, never dropping the combination.
 */
export function describeEveryCombination(dotShapes: readonly DotShape[]): void {
  describe.each(dotShapes)("%s dots", (dotShape) => {
    test.each(CORNER_SHAPES)(
      "with %s corners scan with every centre, frame, level, gradient and logo",
      async (cornerShape) => {
        const failures: string[] = [];
        let turn = 0;
        for (const cornerDotShape of CORNER_DOT_SHAPES) {
          for (const frame of FRAMES) {
            for (const gradient of [undefined, GRADIENT]) {
              const base: Design = {
                ...DEFAULT_DESIGN,
                dotShape,
                cornerShape,
                cornerDotShape,
                frame,
                gradient,
                fgColor: "#1e293b",
              };
              const variants: Array<[string, Design, string | undefined]> = [
                ...ERROR_CORRECTION_LEVELS.map((level): [string, Design, undefined] => [
                  `level ${level}`,
                  { ...base, errorCorrection: level },
                  undefined,
                ]),
                ["logo", base, LOGO_HREF],
              ];
              for (const [label, design, logoHref] of variants) {
                const pixelsPerModule = 3 + (turn++ % 4);
                const failed = await unreadBy(design, { logoHref, pixelsPerModule });
                if (failed.length > 0) {
                  failures.push(
                    `${cornerDotShape} centre, ${frame} frame, ${gradient ? "gradient" : "solid"}, ${label}, ${pixelsPerModule} px: ${failed.join(" and ")}`,
                  );
                }
              }
            }
          }
        }
        expect(failures).toEqual([]);
      },
      120_000,
    );
  });
}
