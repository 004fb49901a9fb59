import { Resvg } from "@resvg/resvg-wasm";
import { env } from "cloudflare:workers";
import { customizationOf } from "../../app/design/customization";
import { drawDesign } from "../../app/design/drawing";
import { checkSample, designImage } from "../../app/design/image.server";
import { PRESETS } from "../../app/design/presets";
import { CORNER_DOT_SHAPES, CORNER_SHAPES, DOT_SHAPES } from "../../app/design/schema";
import { pixelsScan } from "../../app/design/scan-check.server";
import { drawingToSvg } from "../../app/design/svg";
import { ensureResvg } from "../../app/qr/png.server";
import { describe, expect, it } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { pngResolution } from "../support/png-chunks";
import { decodeSingleQr } from "../support/qr-decode";
import { textOf } from "../support/html";
import { openApi } from "./api-contract";
import { call, makeKey, person } from "./api-client";
import { newPerson, postJson, cookieFrom } from "./accounts";
import { appFetch, generate } from "./app";

// Issue #28's design fields through both APIs, as a customer's server sends them: every image
// handed out is decoded with zxing, every /api/v1 answer checked against the served OpenAPI
// document, and a design that would not scan is refused with a message naming the part.

const styled = {
  size: 512,
  fgColor: "#1e293b",
  dotShape: "classy-rounded",
  cornerShape: "extra-rounded",
  cornerDotShape: "dot",
  cornerColor: "#1d4ed8",
  gradient: { type: "linear", from: "#1d4ed8", to: "#111827", rotation: 45 },
  frame: "box",
  frameText: "Scan me",
  errorCorrection: "Q",
};

const pngMagic = (bytes: Uint8Array) =>
  Array.from(bytes.subarray(1, 4), (b) => String.fromCharCode(b)).join("");

describe("/api/v1 and the design fields", () => {
  it("draws a styled PNG and SVG that decode, and saves a code that keeps its design", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const png = await call(key, "POST", "/images", {
      type: "url",
      data: { url: "https://example.com/menu" },
      customization: styled,
      format: "png",
    });
    expect(png.status).toBe(200);
    expect(pngMagic(png.bytes!)).toBe("PNG");
    const read = await decodeSingleQr(png.bytes!);
    expect(read.text).toBe("https://example.com/menu");
    expect(read.ecLevel).toBe("Q");

    const svg = await call(key, "POST", "/images", {
      type: "text",
      data: { text: "Table 12" },
      customization: styled,
      format: "svg",
    });
    expect(svg.status).toBe(200);
    const text = new TextDecoder().decode(svg.bytes);
    expect(text).toMatch(/^<svg/);
    expect(text).toContain("<linearGradient");

    const created = await call(key, "POST", "/qr-codes", {
      type: "url",
      data: { url: "https://example.com/menu" },
      title: "Styled menu",
      customization: { ...styled, margin: 4, dotShape: "dots" },
    });
    expect(created.status).toBe(201);
    // Only what differs from the defaults is kept, under the contract's names.
    expect(created.json.customization).toEqual({
      size: 512,
      fgColor: "#1e293b",
      bgColor: "#ffffff",
      dotShape: "dots",
      cornerShape: "extra-rounded",
      cornerDotShape: "dot",
      cornerColor: "#1d4ed8",
      gradient: { type: "linear", from: "#1d4ed8", to: "#111827", rotation: 45 },
      frame: "box",
      errorCorrection: "Q",
    });
    const row = await env.DB.prepare("SELECT customization FROM qr_codes WHERE workspace_id = ?")
      .bind(personalWorkspaceId(owner.id))
      .first<{ customization: string }>();
    expect(JSON.parse(row!.customization)).toEqual(created.json.customization);

    const image = await call(key, "GET", `/qr-codes/${created.json.id}/image?format=png`);
    expect(image.status).toBe(200);
    expect((await decodeSingleQr(image.bytes!)).text).toBe("https://example.com/menu");
  });

  it("refuses a design phones could not read with a problem naming the part", async () => {
    const key = await makeKey(await person());
    const cases: [object, string, string][] = [
      [
        { gradient: { type: "linear", from: "#eeeeee", to: "#000000" } },
        "customization.gradient.from",
        "The gradient's light end is too close to the background",
      ],
      [
        { frame: "box", frameColor: "#111111", frameTextColor: "#222222" },
        "customization.frameTextColor",
        "The frame text is too close to the frame colour",
      ],
      [{ dotShape: "stars" }, "customization.dotShape", "Choose a dot shape"],
      [{ margin: 2 }, "customization.margin", "at least 4 modules"],
    ];
    for (const [customization, field, message] of cases) {
      const { status, json } = await call(key, "POST", "/images", {
        type: "text",
        data: { text: "hi" },
        customization,
      });
      expect(status).toBe(400);
      expect(json.code).toBe("invalid_request");
      const error = (json.errors as { field: string; message: string }[]).find(
        (one) => one.field === field,
      );
      expect(error?.message, JSON.stringify(json)).toContain(message);
    }
  });

  it("documents every design field with its enum and an example", async () => {
    const doc = (await openApi()) as {
      components: {
        schemas: Record<string, { properties: Record<string, Record<string, unknown>> }>;
      };
    };
    const fields = doc.components.schemas.Customization!.properties;
    expect(fields.dotShape!.enum).toEqual([
      "square",
      "rounded",
      "dots",
      "classy",
      "classy-rounded",
      "extra-rounded",
    ]);
    expect(fields.cornerShape!.enum).toEqual(["square", "rounded", "extra-rounded", "dot"]);
    expect(fields.frame!.enum).toEqual(["none", "box", "banner", "bubble"]);
    for (const field of [
      "dotShape",
      "cornerShape",
      "cornerDotShape",
      "cornerColor",
      "cornerDotColor",
      "gradient",
      "frame",
      "frameText",
      "frameColor",
      "frameTextColor",
      "errorCorrection",
      "margin",
      "logoSize",
      "logoClear",
    ]) {
      expect(fields[field], field).toBeDefined();
      expect(fields[field]!.description, field).toBeTruthy();
      expect(fields[field]!.example, field).toBeDefined();
    }
  });
});

describe("POST /api/qr-codes/generate and the design fields", () => {
  it("answers a styled PNG that decodes, and refuses a gradient that fades into the background", async () => {
    const response = await generate({
      type: "text",
      data: { text: "Table 12" },
      customization: { ...styled, frame: "bubble", frameText: "Сканируй" },
      preview: "true",
    });
    const body = (await response.json()) as { dataURL?: string; message?: string };
    expect(response.status, body.message).toBe(200);
    const bytes = Uint8Array.from(atob(body.dataURL!.split(",")[1]!), (c) => c.charCodeAt(0));
    expect((await decodeSingleQr(bytes)).text).toBe("Table 12");

    const refused = await generate({
      type: "text",
      data: { text: "Table 12" },
      customization: { gradient: { type: "radial", from: "#000000", to: "#f0f0f0" } },
      preview: "true",
    });
    expect(refused.status).toBe(400);
    const problem = (await refused.json()) as { message: string; errors: Record<string, string> };
    expect(problem.message).toContain("The gradient's light end is too close to the background");
    expect(problem.errors["gradient.to"]).toContain("light end");
  });
});

describe("the decode check before a styled image leaves", () => {
  it("refuses a design that does not scan at the size asked for, and still draws it larger", async () => {
    const key = await makeKey(await person());
    const text = "Grüße aus Berlin! ".repeat(115);
    const small = await call(key, "POST", "/images", {
      type: "text",
      data: { text },
      customization: { size: 256, dotShape: "dots" },
      format: "png",
    });
    expect(small.status).toBe(400);
    expect(small.json.detail).toContain("This design does not scan");
    expect(small.json.errors).toEqual([
      { field: "customization", message: expect.stringContaining("a larger size") },
    ]);
    // The same code plainly drawn is today's image, handed out as before.
    const plain = await call(key, "POST", "/images", {
      type: "text",
      data: { text: "Table 12" },
      customization: { size: 256 },
      format: "png",
    });
    expect(plain.status).toBe(200);

    const large = await call(key, "POST", "/images", {
      type: "text",
      data: { text },
      customization: { size: 2048, dotShape: "dots" },
      format: "png",
    });
    expect(large.status).toBe(200);
    expect((await decodeSingleQr(large.bytes!)).text).toBe(text);
  });

  it("costs a few milliseconds on the pixels the PNG is drawn from (printed)", async () => {
    const payload = "https://example.com/menu/today";
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const timed = async (size: 512 | 1024, pixelsScanOnly: boolean) => {
      const designs = PRESETS.map((preset) => ({
        ...customizationOf({ size, fgColor: "#000000", bgColor: "#ffffff" }),
        ...preset.design,
        size,
      }));
      await ensureResvg();
      await designImage("png", { payload, customization: designs[1]! });
      const pixels = designs.map((design) => {
        const resvg = new Resvg(drawingToSvg(drawDesign(payload, design), size), {
          fitTo: { mode: "width", value: size },
        });
        const image = resvg.render();
        const rgba = {
          data: new Uint8ClampedArray(image.pixels),
          width: image.width,
          height: image.height,
        };
        image.free();
        resvg.free();
        return rgba;
      });
      await tick();
      const start = Date.now();
      for (let index = 0; index < designs.length; index++) {
        if (pixelsScanOnly) {
          const sample = checkSample(pixels[index]!, drawDesign(payload, designs[index]!).width);
          expect(await pixelsScan(sample, payload)).toBe(true);
        } else await designImage("png", { payload, customization: designs[index]! });
      }
      await tick();
      return (Date.now() - start) / designs.length;
    };
    const check512 = await timed(512, true);
    const check1024 = await timed(1024, true);
    const whole1024 = await timed(1024, false);
    console.info(
      `decode check on the PNG's pixels, sampled at 4 a module: ${check512.toFixed(1)} ms at 512 px, ${check1024.toFixed(1)} ms at 1024 px; a whole styled 1024 px PNG with its check ${whole1024.toFixed(1)} ms`,
    );
    expect(check1024).toBeLessThan(whole1024);
  });
});

describe("the sampled check passes every offered shape", () => {
  it("draws every dot × corner × centre shape, framed and with a gradient, at 512 and 1024 px, and zxing reads each PNG", async () => {
    const payload = "https://example.com/menu/today?table=12";
    let index = 0;
    for (const dotShape of DOT_SHAPES) {
      for (const cornerShape of CORNER_SHAPES) {
        for (const cornerDotShape of CORNER_DOT_SHAPES) {
          const size = index++ % 2 === 0 ? 512 : 1024;
          const customization = {
            ...customizationOf({ size, fgColor: "#111827", bgColor: "#ffffff" }),
            dotShape,
            cornerShape,
            cornerDotShape,
            gradient: { type: "radial" as const, from: "#1d4ed8", to: "#111827", rotation: 0 },
            frame: (["box", "banner", "bubble"] as const)[index % 3]!,
          };
          const png = (await designImage("png", { payload, customization })) as Uint8Array;
          const label = `${dotShape}/${cornerShape}/${cornerDotShape} at ${size}`;
          expect((await decodeSingleQr(png)).text, label).toBe(payload);
        }
      }
    }
  });
});

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

describe("print formats and print sizes on /api/v1", () => {
  it("answers a vector PDF and an EPS, in CMYK when asked, and a PNG whose pHYs states the print size", async () => {
    const key = await makeKey(await person());
    const body = { type: "url", data: { url: "https://example.com/menu" }, customization: styled };
    const pdf = await call(key, "POST", "/images", { ...body, format: "pdf", cmyk: true });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(latin1(pdf.bytes!.subarray(0, 5))).toBe("%PDF-");

    const eps = await call(key, "POST", "/images", {
      ...body,
      format: "eps",
      cmyk: true,
      printWidth: 2,
      printUnit: "in",
    });
    expect(eps.headers.get("Content-Type")).toBe("application/postscript");
    const program = latin1(eps.bytes!);
    expect(program).toMatch(/^%!PS-Adobe-3.0 EPSF-3.0/);
    expect(program).toContain("setcmykcolor");
    expect(program).toMatch(/%%BoundingBox: 0 0 144 /);

    const byAccept = await call(key, "POST", "/images", body, { Accept: "application/pdf" });
    expect(byAccept.headers.get("Content-Type")).toBe("application/pdf");

    const png = await call(key, "POST", "/images", {
      ...body,
      format: "png",
      printWidth: 5,
      printUnit: "cm",
      dpi: 300,
    });
    expect(png.status).toBe(200);
    expect(pngResolution(png.bytes!)).toEqual({ x: 11811, y: 11811, unit: 1 });
    expect((await decodeSingleQr(png.bytes!)).text).toBe("https://example.com/menu");

    const plainPrint = await call(key, "POST", "/images", {
      type: "text",
      data: { text: "Table 12" },
      printWidth: 1,
      printUnit: "in",
      dpi: 600,
    });
    expect(pngResolution(plainPrint.bytes!)).toEqual({ x: 23622, y: 23622, unit: 1 });
    expect((await decodeSingleQr(plainPrint.bytes!)).text).toBe("Table 12");

    const tooWide = await call(key, "POST", "/images", { ...body, printWidth: 30, dpi: 600 });
    expect(tooWide.status).toBe(400);
    expect(tooWide.json.errors).toEqual([
      {
        field: "printWidth",
        message: expect.stringContaining("At 600 dpi a PNG can be at most 17.3 cm wide"),
      },
    ]);

    const created = await call(key, "POST", "/qr-codes", { ...body, title: "Print" });
    const saved = await call(key, "GET", `/qr-codes/${created.json.id}/image?format=eps&cmyk=1`);
    expect(saved.status).toBe(200);
    expect(latin1(saved.bytes!)).toContain("setcmykcolor");
    const savedPdf = await call(key, "GET", `/qr-codes/${created.json.id}/image?format=pdf`);
    expect(latin1(savedPdf.bytes!.subarray(0, 5))).toBe("%PDF-");
  });
});

const DESIGN_QUERY =
  "type=url&url=https%3A%2F%2Fexample.com%2Fmenu&size=512&dotShape=dots&cornerShape=extra-rounded&cornerDotShape=dot&frame=banner&frameText=Scan%20me&gradientType=linear&gradientFrom=%231d4ed8&gradientTo=%23111827&gradientRotation=90";

async function signedIn(plan: "free" | "premium") {
  const response = await postJson("/api/auth/signup", { ...newPerson("print"), plan });
  expect(response.status).toBe(201);
  return cookieFrom(response, "qr_session")!;
}

describe("the download route with design fields and print formats", () => {
  it("gives visitors a styled PNG that decodes, and refuses a design that would not scan with its message", async () => {
    const png = await appFetch(`/download.png?${DESIGN_QUERY}`);
    expect(png.status).toBe(200);
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect((await decodeSingleQr(bytes)).text).toBe("https://example.com/menu");

    const faded = await appFetch(
      `/download.png?type=text&text=hi&gradientType=linear&gradientFrom=%23000000&gradientTo=%23eeeeee`,
    );
    expect(faded.status).toBe(400);
    expect(await faded.text()).toContain("The gradient's light end is too close to the background");
    const shape = await appFetch(`/download.png?type=text&text=hi&dotShape=stars`);
    expect(shape.status).toBe(400);
    expect(await shape.text()).toContain("Choose a dot shape");
  });

  it("sends visitors and Free back to the generator with a print-plan notice and an upgrade link, keeping the design", async () => {
    const free = await signedIn("free");
    for (const [path, cookie] of [
      ["/download.pdf", null],
      ["/download.eps", null],
      ["/download.pdf", free],
      ["/download.eps", free],
    ] as const) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const response = await appFetch(`${path}?${DESIGN_QUERY}`, { headers });
      expect(response.status, path).toBe(303);
      const location = new URL(response.headers.get("Location")!, "https://app.test");
      expect(location.pathname).toBe("/");
      expect(location.hash).toBe("#generator");
      expect(location.searchParams.get("notice")).toBe("print-plan");
      // The code and its design come back with the person.
      for (const [name, value] of new URLSearchParams(DESIGN_QUERY)) {
        expect(location.searchParams.get(name), name).toBe(value);
      }
      const page = await appFetch(`${location.pathname}${location.search}`, { headers });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(textOf(html)).toContain("PDF and EPS downloads require Premium or Ultimate plan.");
      expect(html).toMatch(/<a[^>]*href="\/pricing"[^>]*>See plans and upgrade<\/a>/);
    }
  });

  it("gives Premium a PDF and an EPS with the same query, and a PNG at a print size", async () => {
    const cookie = await signedIn("premium");
    const pdf = await appFetch(`/download.pdf?${DESIGN_QUERY}&cmyk=1&printWidth=4&printUnit=cm`, {
      headers: { Cookie: cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(
      'attachment; filename="qr-example.com.pdf"',
    );
    expect(latin1(new Uint8Array(await pdf.arrayBuffer())).slice(0, 5)).toBe("%PDF-");

    const eps = await appFetch(`/download.eps?${DESIGN_QUERY}`, { headers: { Cookie: cookie } });
    expect(eps.status).toBe(200);
    expect(await eps.text()).toMatch(/^%!PS-Adobe-3.0 EPSF-3.0/);

    const png = await appFetch(`/download.png?${DESIGN_QUERY}&printWidth=2&printUnit=in&dpi=600`, {
      headers: { Cookie: cookie },
    });
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect(pngResolution(bytes)).toEqual({ x: 23622, y: 23622, unit: 1 });
    expect((await decodeSingleQr(bytes)).text).toBe("https://example.com/menu");
    const tooWide = await appFetch(`/download.png?${DESIGN_QUERY}&printWidth=20&printUnit=in`, {
      headers: { Cookie: cookie },
    });
    expect(tooWide.status).toBe(400);
    expect(await tooWide.text()).toContain("At 300 dpi a PNG can be at most 13.7 in wide");
  });
});

describe("a saved design that does not scan at the size asked for", () => {
  it("is refused by the API's image and by its share link, and draws at a larger size", async () => {
    const key = await makeKey(await person());
    const text = "Grüße aus Berlin! ".repeat(115);
    const created = await call(key, "POST", "/qr-codes", {
      type: "text",
      data: { text },
      title: "Long",
      customization: { size: 256, dotShape: "dots" },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const small = await call(key, "GET", `/qr-codes/${id}/image?format=png`);
    expect(small.status).toBe(400);
    expect(small.json.detail).toContain("This design does not scan");
    const large = await call(key, "GET", `/qr-codes/${id}/image?format=png&size=2048`);
    expect(large.status).toBe(200);
    expect((await decodeSingleQr(large.bytes!)).text).toBe(text);

    const shared = await call(key, "PATCH", `/qr-codes/${id}`, { public: true });
    const share = new URL(String(shared.json.shareUrl));
    const download = await appFetch(`${share.pathname}${share.search}`);
    expect(download.status).toBe(422);
    expect(await download.text()).toContain("This design does not scan");
  });
});

describe("a shared code's link", () => {
  it("offers PNG, SVG, PDF and EPS as its owner's plan allows, with the design kept", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const created = await call(key, "POST", "/qr-codes", {
      type: "url",
      data: { url: "https://example.com/menu" },
      title: "Menu",
      customization: styled,
    });
    expect(created.status).toBe(201);
    const shared = await call(key, "PATCH", `/qr-codes/${created.json.id}`, { public: true });
    const share = new URL(String(shared.json.shareUrl));
    // Anyone with the link: no session, no key.
    const link = (format: string) => appFetch(`${share.pathname}?format=${format}`);

    const png = await link("png");
    expect(png.status).toBe(200);
    const read = await decodeSingleQr(new Uint8Array(await png.arrayBuffer()));
    expect(read.text).toBe("https://example.com/menu");
    expect(read.ecLevel).toBe("Q");
    const svg = await link("svg");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await svg.text()).toContain("<linearGradient");
    const pdf = await link("pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(
      'attachment; filename="qr-example.com.pdf"',
    );
    const pdfText = latin1(new Uint8Array(await pdf.arrayBuffer()));
    expect(pdfText.slice(0, 5)).toBe("%PDF-");
    expect(pdfText).toContain("/ShadingType 2"); // the gradient, kept as a vector shading
    const eps = await link("eps");
    expect(eps.status).toBe(200);
    expect(await eps.text()).toMatch(/^%!PS-Adobe-3.0 EPSF-3.0/);
    expect((await link("gif")).status).toBe(400);

    // The owner's plan ends: the same link offers PNG only, with the reason for the rest.
    await env.DB.prepare("UPDATE users SET subscription_plan = 'free' WHERE id = ?")
      .bind(owner.id)
      .run();
    expect((await link("png")).status).toBe(200);
    const refusedSvg = await link("svg");
    expect(refusedSvg.status).toBe(403);
    expect(await refusedSvg.text()).toBe("SVG downloads require Premium or Ultimate plan.");
    for (const format of ["pdf", "eps"]) {
      const refused = await link(format);
      expect(refused.status, format).toBe(403);
      expect(await refused.text()).toBe("PDF and EPS downloads require Premium or Ultimate plan.");
    }
  });
});
