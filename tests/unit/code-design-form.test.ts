import { describe, expect, it } from "vitest";
import { designFormInput, designFormValues, designSummary } from "../../app/dashboard/code-design";
import { customizationOf, parseCustomization } from "../../app/design/customization";
import { serverI18n } from "../../app/i18n/catalog.server";
import { DEFAULT_LOCALE, LOCALES } from "../../app/i18n/locales";

const english = serverI18n(DEFAULT_LOCALE);
const t = (id: string, values?: Record<string, unknown>) => english._(id, values);

// The code page's design form (issue #29 item 8): what it posts becomes the design module's input,
// and a saved design fills it again without changing a colour on the way.

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the code page's design form", () => {
  it("reads 'no gradient' and corner colours equal to the dots' as absent", () => {
    const input = designFormInput(
      form({
        intent: "design",
        dotShape: "dots",
        fgColor: "#1D4ED8",
        cornerColor: "#1d4ed8",
        cornerDotColor: "#7c2d12",
        gradientType: "none",
        gradientFrom: "#000000",
        gradientTo: "#000000",
      }),
    );
    expect(input).toEqual({ dotShape: "dots", fgColor: "#1D4ED8", cornerDotColor: "#7c2d12" });
  });

  it("reads a gradient under the API's names", () => {
    const input = designFormInput(
      form({
        gradientType: "radial",
        gradientFrom: "#111111",
        gradientTo: "#222222",
        gradientRotation: "90",
      }),
    );
    const parsed = parseCustomization({ ...input, size: 256 });
    expect(parsed.ok && parsed.value.gradient).toEqual({
      type: "radial",
      from: "#111111",
      to: "#222222",
      rotation: 90,
    });
  });

  it("fills colour fields with #rrggbb, which a colour input needs, from a saved #rgb", () => {
    const values = designFormValues(
      customizationOf({ size: 256, fgColor: "#abc", bgColor: "#fff" }),
    );
    expect(values).toMatchObject({
      fgColor: "#aabbcc",
      bgColor: "#ffffff",
      cornerColor: "#aabbcc",
      gradientType: "none",
    });
  });

  it("says a logo's code is drawn at error correction H, whatever the design says", () => {
    const design = customizationOf({ size: 256, fgColor: "#000000", bgColor: "#ffffff" });
    expect(designSummary(design, true, t)).toContainEqual([
      "Error correction",
      "H: High (about 30%)",
    ]);
    expect(designSummary(design, false, t)).toContainEqual([
      "Error correction",
      "M: Medium (about 15%)",
    ]);
  });

  it("says the design in the page's language", () => {
    const french = serverI18n(LOCALES.find((locale) => locale.code === "fr")!);
    const design = customizationOf({
      size: 256,
      fgColor: "#000000",
      bgColor: "#ffffff",
      margin: 4,
    });
    const lines = designSummary(design, false, (id, values) => french._(id, values));
    expect(lines).toContainEqual(["Zone de silence", "4 modules"]);
    expect(lines).toContainEqual(["Correction d'erreurs", "M\u00a0: Moyenne (environ 15\u00a0%)"]);
  });
});
