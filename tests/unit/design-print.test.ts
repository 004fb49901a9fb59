import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { drawDesign } from "../../app/design/drawing";
import { PRESETS } from "../../app/design/presets";
import { drawingToEps } from "../../app/design/print/eps.server";
import { logoImageSvg, rgbFromRgba } from "../../app/design/print/logo-image";
import { drawingToPdf } from "../../app/design/print/pdf.server";
import { DEFAULT_DESIGN, type Design } from "../../app/design/schema";
import { LOGO_HREF, SHORT_LINK } from "../support/design-scan";
import { decodeSingleQr } from "../support/qr-decode";
import { rasteriseSvg } from "../support/resvg-node";

// Print files (issue #28) read as a print shop's RIP would: Ghostscript rasterises the EPS,
// poppler and Ghostscript the PDF (tests/unit/ensure-print-tools.sh installs both), and ZXing
// must read the payload back from every page.

/** The page's drawing operators: pdf-lib deflates content streams. */
function contentOperators(pdf: Uint8Array): string {
  const text = Buffer.from(pdf).toString("latin1");
  return [...text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
    .map(([, data]) => {
      try {
        return inflateSync(Buffer.from(data!, "latin1")).toString("latin1");
      } catch {
        return "";
      }
    })
    .join("\n");
}

const dir = mkdtempSync(join(tmpdir(), "qr-print-"));

function rasterisePdf(pdf: Uint8Array, name: string): Uint8Array {
  writeFileSync(join(dir, `${name}.pdf`), pdf);
  execFileSync("pdftoppm", ["-r", "150", "-png", "-singlefile", `${name}.pdf`, name], { cwd: dir });
  return readFileSync(join(dir, `${name}.png`));
}

function rasteriseWithGhostscript(file: string, name: string, eps: boolean): Uint8Array {
  execFileSync(
    "gs",
    [
      "-q",
      "-dSAFER",
      "-dBATCH",
      "-dNOPAUSE",
      "-sDEVICE=png16m",
      "-r150",
      "-dTextAlphaBits=4",
      "-dGraphicsAlphaBits=4",
      ...(eps ? ["-dEPSCrop"] : []),
      `-sOutputFile=${name}-gs.png`,
      file,
    ],
    { cwd: dir },
  );
  return readFileSync(join(dir, `${name}-gs.png`));
}

const designs: Array<[string, Design, string | undefined]> = [
  ["plain", DEFAULT_DESIGN, undefined],
  ...PRESETS.map((preset): [string, Design, undefined] => [preset.id, preset.design, undefined]),
  ["logo", { ...DEFAULT_DESIGN, dotShape: "rounded", frame: "box" }, LOGO_HREF],
];

describe.each([false, true])("print files (CMYK: %s)", (cmyk) => {
  test.each(designs)(
    "the %s design's PDF scans in poppler and Ghostscript",
    async (name, design, logo) => {
      const pdf = await drawingToPdf(drawDesign(SHORT_LINK, design, logo), { cmyk });
      const file = `${name}-${cmyk ? "cmyk" : "rgb"}`;
      expect((await decodeSingleQr(rasterisePdf(pdf, file))).text).toBe(SHORT_LINK);
      expect(
        (await decodeSingleQr(rasteriseWithGhostscript(`${file}.pdf`, file, false))).text,
      ).toBe(SHORT_LINK);
    },
  );

  test.each(designs)("the %s design's EPS scans in Ghostscript", async (name, design, logoHref) => {
    const file = `${name}-${cmyk ? "cmyk" : "rgb"}.eps`;
    const drawing = drawDesign(SHORT_LINK, design, logoHref);
    // As logo-pixels.server.ts does in the Worker, with Node's resvg.
    const image = logoImageSvg(drawing, { widthPt: 216, background: design.bgColor });
    const logo = image
      ? await rasteriseSvg(image.svg, image.side).then(({ pixels }) =>
          rgbFromRgba(pixels.data, pixels.width, pixels.height),
        )
      : undefined;
    const eps = drawingToEps(drawing, { cmyk, logo });
    if (logo) expect(eps).toContain(`/Width ${logo.width} /Height ${logo.height}`);
    writeFileSync(join(dir, file), eps);
    const raster = rasteriseWithGhostscript(file, file, true);
    expect((await decodeSingleQr(raster)).text).toBe(SHORT_LINK);
  });
});

describe("print geometry and colour", () => {
  const framed = drawDesign(SHORT_LINK, PRESETS.find((preset) => preset.id === "forest")!.design);

  test("the PDF page is the code and its frame, 3 inches wide by default", async () => {
    const pdf = Buffer.from(await drawingToPdf(framed)).toString("latin1");
    const height = (216 * framed.height) / framed.width;
    expect(pdf).toMatch(new RegExp(`/MediaBox \\[ 0 0 216 ${height.toFixed(0)}`));
  });

  test("the EPS declares EPSF-3.0 and its bounding box, and CMYK uses setcmykcolor", () => {
    const eps = drawingToEps(framed, { cmyk: true, widthPt: 300 });
    expect(eps.split("\n")[0]).toBe("%!PS-Adobe-3.0 EPSF-3.0");
    expect(eps).toContain(
      `%%BoundingBox: 0 0 300 ${Math.ceil((300 * framed.height) / framed.width)}`,
    );
    // #14532d, the forest frame, as naive CMYK.
    expect(eps).toContain("0.759 0 0.458 0.675 setcmykcolor");
    expect(eps).not.toContain("setrgbcolor");
    expect(drawingToEps(framed)).not.toContain("setcmykcolor");
  });

  test("a CMYK PDF fills with CMYK operators only", async () => {
    const operators = contentOperators(await drawingToPdf(framed, { cmyk: true }));
    expect(operators).toMatch(/^0\.759 0 0\.458 0\.675 k$/m);
    expect(operators).not.toMatch(/ rg$/m);
    expect(contentOperators(await drawingToPdf(framed))).toMatch(/ rg$/m);
  });
});
