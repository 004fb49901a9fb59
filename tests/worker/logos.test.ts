import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import jpegLogo from "../fixtures/logo.jpg?inline";
import pngLogo from "../fixtures/logo.png?inline";
import { decodeSingleQr } from "../support/qr-decode";
import { demoSession, signUp } from "./accounts";
import { appFetch, generate, ORIGIN } from "./app";

const bytesOf = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.split(",")[1]!), (c) => c.charCodeAt(0));

function generateWithLogo(
  cookie: string | null,
  logo: { bytes: Uint8Array; name: string; type: string },
  extra: Record<string, string> = {},
) {
  return generate(
    {
      type: "url",
      data: { url: "https://example.com/with-logo" },
      customization: { size: 512, fgColor: "#111827", bgColor: "#ffffff" },
      preview: "true",
      logo: new File([new Uint8Array(logo.bytes)], logo.name, { type: logo.type }),
      ...extra,
    },
    { cookie, headers: { Origin: ORIGIN } },
  );
}

const png = { bytes: bytesOf(pngLogo), name: "logo.png", type: "image/png" };
const jpeg = { bytes: bytesOf(jpegLogo), name: "logo.jpg", type: "image/jpeg" };

describe("logos", () => {
  it("are embedded at level H in a PNG that still decodes, from PNG and JPEG files", async () => {
    const cookie = await demoSession("premium");
    for (const logo of [png, jpeg]) {
      const response = await generateWithLogo(cookie, logo);
      expect(response.status).toBe(200);
      const { dataURL } = await response.json<{ dataURL: string }>();
      const decoded = await decodeSingleQr(bytesOf(dataURL));
      expect(decoded).toMatchObject({ text: "https://example.com/with-logo", ecLevel: "H" });
    }
  });

  it("are refused in the spec's order: sign-in, plan, size, then the bytes' real type", async () => {
    const visitor = await generateWithLogo(null, png);
    expect(visitor.status).toBe(401);

    const free = await signUp();
    const freeResponse = await generateWithLogo(free.cookie, png);
    expect(freeResponse.status).toBe(403);
    expect(await freeResponse.json()).toMatchObject({
      message: "Logo embedding requires Premium or Ultimate plan.",
    });

    const premium = await demoSession("premium");
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(png.bytes);
    const tooLarge = await generateWithLogo(premium, { ...png, bytes: huge });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      title: "File too large",
      message: "Please choose a file smaller than 2MB.",
    });

    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const disguised of [
      { bytes: svg, name: "logo.png", type: "image/png" },
      { bytes: new TextEncoder().encode("<html>hi</html>"), name: "logo.jpg", type: "image/jpeg" },
    ]) {
      const refused = await generateWithLogo(premium, disguised);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        title: "Invalid file type",
        message: "Please choose an image file (PNG, JPG, etc.).",
      });
    }
  });

  it("saved with a code are kept in R2 under the workspace's key and drawn into its PNG and SVG", async () => {
    const cookie = await demoSession("ultimate");
    const saved = await generateWithLogo(cookie, png, { save: "true", title: "With logo" });
    expect(saved.status).toBe(200);
    const { id } = await saved.json<{ id: number }>();
    const key = await env.DB.prepare("SELECT logo_url FROM qr_codes WHERE id = ?")
      .bind(id)
      .first<string>("logo_url");
    expect(key).toMatch(/^logos\/ws_[0-9a-f-]{36}\/[0-9a-f]{64}$/);
    const stored = await env.LOGOS.get(key!);
    expect(stored!.httpMetadata!.contentType).toBe("image/png");

    const pngDownload = await appFetch(`/api/qr-codes/${id}/download?format=png`, {
      headers: { Cookie: cookie },
    });
    expect(await decodeSingleQr(new Uint8Array(await pngDownload.arrayBuffer()))).toMatchObject({
      text: "https://example.com/with-logo",
      ecLevel: "H",
    });
    const svgDownload = await appFetch(`/api/qr-codes/${id}/download?format=svg`, {
      headers: { Cookie: cookie },
    });
    const svg = await svgDownload.text();
    expect(svg).toContain('<image x="');
    expect(svg).toContain('href="data:image/png;base64,');
    expect(svg).not.toContain("<script");
  });
});

describe("adding a logo on the generator page (a plain multipart form)", () => {
  function upload(cookie: string | null, logo = png) {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      type: "url",
      url: "https://example.com/form-logo",
      size: "256",
      fg: "000000",
      bg: "ffffff",
    })) {
      form.set(key, value);
    }
    form.set("intent", "logo");
    form.set("logo", new File([new Uint8Array(logo.bytes)], logo.name, { type: logo.type }));
    return appFetch("/?index", {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    });
  }

  it("sends a visitor to sign up with the logo reason", async () => {
    const response = await upload(null);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?mode=signup&reason=logo&redirect=/);
  });

  it("stores a premium user's logo and comes back with it; the preview link draws it", async () => {
    const cookie = await demoSession("premium");
    const response = await upload(cookie);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/[?&]logo=logos%2F/);
    const key = new URL(location, ORIGIN).searchParams.get("logo")!;
    const preview = await appFetch(
      `/download.png?type=url&url=https%3A%2F%2Fexample.com%2Fform-logo&size=256&fg=000000&bg=ffffff&logo=${encodeURIComponent(key)}&inline=1`,
      { headers: { Cookie: cookie } },
    );
    expect(preview.headers.get("Content-Disposition")).toMatch(/^inline/);
    expect(await decodeSingleQr(new Uint8Array(await preview.arrayBuffer()))).toMatchObject({
      ecLevel: "H",
    });
    // Someone else cannot use that logo.
    const other = await appFetch(
      `/download.png?type=url&url=x.com&logo=${encodeURIComponent(key)}`,
      {
        headers: { Cookie: await demoSession("ultimate") },
      },
    );
    expect(other.status).toBe(400);
  });

  it("a save cannot borrow another workspace's logo by its key, nor reach it with ../ (held)", async () => {
    const owner = await demoSession("premium");
    const uploaded = await upload(owner);
    const theirs = new URL(uploaded.headers.get("Location")!, ORIGIN).searchParams.get("logo")!;
    const thief = await demoSession("ultimate");
    const mine = new URL((await upload(thief)).headers.get("Location")!, ORIGIN).searchParams.get(
      "logo",
    )!;
    const myPrefix = mine.slice(0, mine.lastIndexOf("/"));
    const hash = theirs.slice(theirs.lastIndexOf("/") + 1);
    const theirWorkspace = theirs.split("/")[1]!;
    for (const key of [theirs, `${myPrefix}/../${theirWorkspace}/${hash}`]) {
      const title = `Borrowed ${crypto.randomUUID()}`;
      const form = new URLSearchParams({
        intent: "save",
        title,
        type: "url",
        url: "https://example.com/borrowed",
        size: "256",
        fg: "000000",
        bg: "ffffff",
        logo: key,
      });
      const saved = await appFetch("/?index", {
        method: "POST",
        body: form,
        headers: { Origin: ORIGIN, Cookie: thief },
      });
      expect(saved.status).toBe(303);
      const row = await env.DB.prepare("SELECT logo_url FROM qr_codes WHERE title = ?")
        .bind(title)
        .first<{ logo_url: string | null }>();
      // Saved without the logo; nothing names the other workspace's object.
      expect(row).toEqual({ logo_url: null });
    }
  });

  it("tells a free user what logos need", async () => {
    const { cookie } = await signUp();
    const response = await upload(cookie);
    expect(response.status).toBe(303);
    const flash = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("qr_flash="))!
      .split(";")[0]!;
    const page = await appFetch(response.headers.get("Location")!, {
      headers: { Cookie: `${cookie}; ${flash}` },
    });
    expect(await page.text()).toContain("Logo embedding requires Premium or Ultimate plan.");
  });
});
