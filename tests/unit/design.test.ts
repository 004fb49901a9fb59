import { describe, expect, test } from "vitest";
import { designInputFromSearchParams, linkHexColor } from "../../app/design/customization";
import { drawDesign } from "../../app/design/drawing";
import { readDesignFields } from "../../app/design/fields";
import { PRESETS } from "../../app/design/presets";
import { designSvg } from "../../app/design/render";
import { encodePayload } from "../../app/qr/payload";
import { DEFAULT_DESIGN, designSchema, DOT_SHAPES, LOGO_SIZES } from "../../app/design/schema";
import { drawingToSvg } from "../../app/design/svg";
import { GLYPHS } from "../../app/design/font/glyphs";
import { unsupportedCharacters } from "../../app/design/frame-characters";
import { LOGO_HREF, unreadBy } from "../support/design-scan";

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = designSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("a design", () => {
  test("starts from the issue's defaults", () => {
    expect(designSchema.parse({})).toEqual({
      dotShape: "square",
      cornerShape: "square",
      cornerDotShape: "square",
      fgColor: "#000000",
      bgColor: "#ffffff",
      frame: "none",
      frameText: "Scan me",
      frameColor: "#000000",
      frameTextColor: "#ffffff",
      errorCorrection: "M",
      margin: 4,
      logoSize: "medium",
      logoClear: true,
    });
  });

  test("takes the API's field names and normalises colours", () => {
    const design = designSchema.parse({
      dotShape: "classy-rounded",
      cornerShape: "dot",
      cornerDotShape: "rounded",
      fgColor: "#123",
      cornerColor: "#1D4ED8",
      gradient: { type: "radial", from: "#1d4ed8", to: "#7e22ce", rotation: "30" },
      frame: "bubble",
      frameText: "  Σάρωσέ με  ",
      errorCorrection: "Q",
      margin: "6",
      logoSize: "large",
      logoClear: "0",
    });
    expect(design).toMatchObject({
      fgColor: "#112233",
      cornerColor: "#1d4ed8",
      gradient: { type: "radial", rotation: 30 },
      frameText: "Σάρωσέ με",
      errorCorrection: "Q",
      margin: 6,
      logoSize: "large",
      logoClear: false,
    });
  });

  test("refuses shapes we do not offer, a thin quiet zone and long or undrawable frame text", () => {
    expect(
      errors({ dotShape: "hearts", cornerShape: "star", margin: 2, frameText: "x".repeat(31) }),
    ).toEqual({
      dotShape: "Choose a dot shape: square, rounded, dots, classy, classy-rounded, extra-rounded.",
      cornerShape: "Choose a corner shape: square, rounded, extra-rounded, dot.",
      margin: "The margin must be at least 4 modules, or phones cannot find the code.",
      frameText: "The frame text can be at most 30 characters.",
    });
    expect(errors({ frameText: "扫我 ok" })).toEqual({
      frameText:
        'The frame text can use Latin, Greek and Cyrillic letters, digits and common punctuation; remove "扫", "我".',
    });
  });
});

describe("the contrast guard names the part to change", () => {
  test("the gradient's light end", () => {
    expect(errors({ gradient: { type: "linear", from: "#1d4ed8", to: "#d1d5db" } })).toEqual({
      "gradient.to":
        "The gradient's light end is too close to the background. The contrast is 1.5:1 and phones need at least 3:1: make it darker or the background lighter.",
    });
  });

  test("the gradient's dark end, the corners and their centres", () => {
    const problems = errors({
      bgColor: "#1f2937",
      fgColor: "#000000",
      gradient: { type: "linear", from: "#374151", to: "#4b5563" },
      cornerColor: "#111827",
      cornerDotColor: "#f9fafb",
    });
    expect(Object.keys(problems).sort()).toEqual([
      "cornerColor",
      "cornerDotColor",
      "gradient.from",
      "gradient.to",
    ]);
    expect(problems["gradient.from"]).toMatch(
      /^The gradient's dark end is lighter than the background/,
    );
    expect(problems.cornerColor).toMatch(/^The corner colour is too close to the background\./);
    expect(problems.cornerDotColor).toMatch(
      /^The corner centre colour is lighter than the background/,
    );
  });

  test("the dots, with the generator's own message", () => {
    expect(errors({ fgColor: "#dddddd" })).toEqual({
      fgColor:
        "These colours are too close to each other for phones to read (contrast 1.4:1, at least 3:1 is needed). Make the foreground darker or the background lighter.",
    });
  });

  test("the frame text against the frame, only when there is a frame", () => {
    expect(errors({ frame: "box", frameColor: "#1d4ed8", frameTextColor: "#2563eb" })).toEqual({
      frameTextColor:
        "The frame text is too close to the frame colour to read. The contrast is 1.3:1 and at least 3:1 is needed: pick a lighter or darker text colour.",
    });
    expect(errors({ frame: "none", frameColor: "#1d4ed8", frameTextColor: "#2563eb" })).toEqual({});
  });
});

describe("the drawing", () => {
  test("paints one path per colour, corners and text merged into the dots' path when they match", () => {
    const drawing = drawDesign("https://qr.example.com/r/AbC123", {
      ...DEFAULT_DESIGN,
      dotShape: "rounded",
      frame: "box",
      frameColor: "#1d4ed8",
      frameTextColor: "#ffffff",
    });
    expect(drawing.paths.map((path) => path.paint)).toEqual([
      { type: "solid", color: "#1d4ed8" },
      { type: "solid", color: "#ffffff" },
      { type: "solid", color: "#000000" },
      { type: "solid", color: "#ffffff" },
    ]);
    const svg = drawingToSvg(drawing, 512);
    expect(svg.match(/<path /g)).toHaveLength(4);
    expect(svg).not.toMatch(/<text|<rect|<circle/);
  });

  test("uses an SVG gradient for the dots and keeps the corners solid", () => {
    const svg = drawingToSvg(
      drawDesign("hello", {
        ...DEFAULT_DESIGN,
        gradient: { type: "linear", from: "#1d4ed8", to: "#7e22ce", rotation: 90 },
      }),
      256,
    );
    expect(svg).toContain('<linearGradient id="g1" gradientUnits="userSpaceOnUse"');
    expect(svg).toContain('fill="url(#g1)"');
    expect(svg).toContain('<path fill="#000000"');
  });

  test("draws content the way the generator encodes it", () => {
    const content = { type: "url", url: "https://example.com/menu" } as const;
    expect(designSvg(content, DEFAULT_DESIGN, { width: 256 })).toBe(
      designSvg(encodePayload(content), DEFAULT_DESIGN, { width: 256 }),
    );
    expect(designSvg(content, DEFAULT_DESIGN, { width: 256 })).toMatch(/^<svg [^>]*width="256"/);
  });

  test("keeps the quiet zone and puts the frame outside it", () => {
    const plain = drawDesign("hello", DEFAULT_DESIGN);
    expect(plain.width).toBe(plain.matrix.size + 8);
    const framed = drawDesign("hello", { ...DEFAULT_DESIGN, frame: "banner", margin: 6 });
    expect(framed.width).toBeGreaterThan(framed.matrix.size + 12);
    expect(framed.height).toBeGreaterThan(framed.width);
  });

  test("forces level H with a logo and clears the dots behind it unless asked not to", () => {
    const logo = "data:image/png;base64,AAAA";
    const cleared = drawDesign("hello", { ...DEFAULT_DESIGN, errorCorrection: "L" }, logo);
    expect(cleared.matrix.ecLevel).toBe("H");
    expect(cleared.logo).toMatchObject({ href: logo });
    const kept = drawDesign("hello", { ...DEFAULT_DESIGN, logoClear: false }, logo);
    expect(kept.paths.at(-1)!.d.length).toBeGreaterThan(cleared.paths.at(-1)!.d.length);
    const large = drawDesign("hello", { ...DEFAULT_DESIGN, logoSize: "large" }, logo);
    expect(large.logo!.side).toBeGreaterThan(cleared.logo!.side);
  });
});

describe("logos", () => {
  test("every logo size scans over every dot shape, with the dots behind it cleared or kept", async () => {
    const failures: string[] = [];
    let turn = 0;
    for (const dotShape of DOT_SHAPES) {
      for (const logoSize of LOGO_SIZES) {
        for (const logoClear of [true, false]) {
          const design = { ...DEFAULT_DESIGN, dotShape, logoSize, logoClear };
          const failed = await unreadBy(design, {
            logoHref: LOGO_HREF,
            pixelsPerModule: 3 + (turn++ % 4),
          });
          if (failed.length > 0) {
            failures.push(`${dotShape}, ${logoSize}, ${logoClear ? "cleared" : "kept"}: ${failed}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

describe("presets", () => {
  test("there are at least eight, each a valid design that scans", async () => {
    expect(PRESETS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(PRESETS.map((preset) => preset.id)).size).toBe(PRESETS.length);
    for (const preset of PRESETS) {
      expect(designSchema.parse(preset.design), preset.name).toEqual(preset.design);
      expect(await unreadBy(preset.design), preset.name).toEqual([]);
    }
  }, 60_000);
});

describe("a link's colours", () => {
  test("may omit the #, as fg and bg do; anything else is left for the schema to refuse", () => {
    const input = designInputFromSearchParams(
      new URLSearchParams(
        "cornerColor=1e3a8a&frameColor=%23123456&frameTextColor=fff&gradientType=linear&gradientFrom=1e3a8a&gradientTo=7c3aed",
      ),
    );
    expect(input).toMatchObject({
      cornerColor: "#1e3a8a",
      frameColor: "#123456",
      frameTextColor: "#fff",
      gradient: { type: "linear", from: "#1e3a8a", to: "#7c3aed" },
    });
    expect(readDesignFields(new URLSearchParams("gradientFrom=abcdef")).gradientFrom).toBe(
      "#abcdef",
    );
    expect(linkHexColor("navy")).toBe("navy");
    expect(linkHexColor("12345")).toBe("12345");
  });
});

describe("frame text's characters", () => {
  // The schemas check frame text against code point ranges (kept off the home page's first load);
  // the drawing uses the outlines. They must name the same characters.
  test("are exactly the characters the bundled font has outlines for", () => {
    const everyPoint = Array.from({ length: 0x2100 }, (_, point) => String.fromCodePoint(point));
    const drawable = everyPoint.filter((char) => unsupportedCharacters(char).length === 0);
    expect(drawable).toEqual(everyPoint.filter((char) => char in GLYPHS));
    expect(drawable.length).toBeGreaterThan(400);
  });

  test("names each character the font cannot draw once", () => {
    expect(unsupportedCharacters("Scan me")).toEqual([]);
    expect(unsupportedCharacters("Сканируй · Σάρωσε")).toEqual([]);
    expect(unsupportedCharacters("扫一扫扫")).toEqual(["扫", "一"]);
    expect(unsupportedCharacters("Scan 😀")).toEqual(["😀"]);
  });
});
