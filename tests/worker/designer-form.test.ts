import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { appFetch, newAddress } from "./app";

// The generator's Design section without JavaScript (issue #28): its shape pictures, presets,
// colour swatches (#29 item 14c) and a refused design keeping the last good code (#29 item 15),
// through the real fetch handler.

const page = (query: string) =>
  appFetch(`/?${query}`, { headers: { "CF-Connecting-IP": newAddress() } }).then((response) =>
    response.text(),
  );

/** The preview's SVG, as the page's <img> carries it. */
function previewSvgs(html: string): string[] {
  return [...html.matchAll(/src="data:image\/svg\+xml,([^"]+)"/g)].map(([, data]) =>
    decodeURIComponent(data!.replaceAll("&amp;", "&")),
  );
}

/** The value of the checked radio button named `name`. */
function checkedValue(html: string, name: string): string | undefined {
  const radios = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g")) ?? [];
  const checked = radios.find((radio) => / checked=""/.test(radio));
  return checked ? /value="([^"]*)"/.exec(checked)?.[1] : undefined;
}

describe("the Design section without JavaScript", () => {
  it("shows each shape beside a picture the server draws and browsers may keep", async () => {
    // In place in the page, not moved to its end for a script to show (React outlines large
    // Suspense boundaries otherwise, and without JavaScript they stay hidden).
    const home = await (await appFetch("/")).text();
    expect(home.indexOf('<details class="designer"')).toBeGreaterThan(0);
    expect(home.indexOf('<details class="designer"')).toBeLessThan(
      home.indexOf("window.__reactRouterContext"),
    );
    const html = await page("type=text&text=Shapes");
    for (const group of ["Dots", "Corners", "Corner centres", "Frame style", "Error correction"]) {
      expect(html).toContain(`<legend>${group}</legend>`);
    }
    expect(html).toContain('src="/design/shapes/dots-classy-rounded.svg"');

    const picture = await appFetch("/design/shapes/dots-classy-rounded.svg");
    expect(picture.status).toBe(200);
    expect(picture.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(picture.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(await picture.text()).toMatch(
      /^<svg [^>]+>(<path fill="#[\da-f]{6}" d="M[^"]+"\/>)+<\/svg>$/,
    );

    const unknown = await appFetch("/design/shapes/dots-hexagon.svg");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("There is no such shape.");
  });

  it("applies a preset once, its colours included, and links keep the design", async () => {
    const html = await page("type=text&text=Preset&preset=ocean&dotShape=square");
    const [svg] = previewSvgs(html);
    expect(svg).toContain("<linearGradient");
    expect(svg).toContain('fill="#1e3a8a"');
    expect(checkedValue(html, "dotShape")).toBe("extra-rounded");
    expect(html).toContain("gradientType=linear");
    // The preset is not kept in the form: the next "Update preview" keeps what is chosen.
    expect(html).not.toMatch(/type="hidden" name="preset"/);
  });

  it("a colour swatch wins over the picker left as it was, and a changed picker over the swatch", async () => {
    const swatch = await page("type=text&text=S&fg=%23000000&fgWas=%23000000&fgSwatch=%239f1239");
    expect(previewSvgs(swatch)[0]).toContain('fill="#9f1239"');
    const picker = await page("type=text&text=S&fg=%23166534&fgWas=%239f1239&fgSwatch=%239f1239");
    expect(previewSvgs(picker)[0]).toContain('fill="#166534"');
  });

  it("a refused gradient keeps the last good code, dimmed, with the reason naming the part", async () => {
    const last =
      "type=text&text=Dim&gradientType=linear&gradientFrom=%231d4ed8&gradientTo=%237c3aed";
    const html = await page(
      "type=text&text=Dim&gradientType=linear&gradientFrom=%231d4ed8&gradientTo=%23eeeeee" +
        `&last=${encodeURIComponent(last)}`,
    );
    const text = textOf(html);
    expect(text).toContain("Not updated: The gradient's light end is too close to the background.");
    expect(text).not.toContain("Fill in the details to see your QR code.");
    expect(html).toContain("the last design that scans");
    const [svg] = previewSvgs(html);
    expect(svg).toContain('stop-color="#7c3aed"');
    // Without a good code to keep, it says why there is none.
    const alone = textOf(
      await page(
        "type=text&text=Dim&gradientType=linear&gradientFrom=%231d4ed8&gradientTo=%23eeeeee",
      ),
    );
    expect(alone).toContain("The gradient's light end is too close to the background.");
    expect(alone).not.toContain("Fill in the details to see your QR code.");
  });
});
