import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import pngLogo from "../fixtures/logo.png?inline";
import { icoWithPng, jpegHeader, pngHeader } from "../support/crafted-images";
import { textOf } from "../support/html";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { cookieFrom, demoSession, newPerson, postJson } from "./accounts";
import { appFetch, generate, newAddress, ORIGIN } from "./app";

// Issue #27, item 13: a 431 KB PNG can declare 20000 × 20000 pixels, 2 GB once resvg decodes it in
// an isolate of 128 MB. The header's width and height are read at upload (code logos, brand logos
// and favicons) and again before any drawing, for logos stored before the check existed.

const TOO_MANY = "Please choose an image of at most 2048 × 2048 pixels.";
const logoBytes = Uint8Array.from(atob(pngLogo.split(",")[1]!), (c) => c.charCodeAt(0));

function generateWithLogo(cookie: string, bytes: Uint8Array, extra: Record<string, string> = {}) {
  return generate(
    {
      type: "url",
      data: { url: "https://example.com/bomb" },
      customization: { size: 512, fgColor: "#111827", bgColor: "#ffffff" },
      preview: "true",
      logo: new File([new Uint8Array(bytes)], "logo.png", { type: "image/png" }),
      ...extra,
    },
    { cookie, headers: { Origin: ORIGIN } },
  );
}

describe("a logo's pixels", () => {
  it("are read from a PNG's or a JPEG's header at upload: over 2048 × 2048 is refused", async () => {
    const cookie = await demoSession("premium");
    for (const bomb of [pngHeader(20000, 20000), jpegHeader(20000, 20000), pngHeader(2049, 16)]) {
      const response = await generateWithLogo(cookie, bomb);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ title: "Image too large", message: TOO_MANY });
    }
  });

  it("of a logo stored before the check are read again before drawing: a 4xx, never a decode", async () => {
    const cookie = await demoSession("ultimate");
    const saved = await generateWithLogo(cookie, logoBytes, { save: "true", title: "Old logo" });
    expect(saved.status).toBe(200);
    const { id } = await saved.json<{ id: number }>();
    const key = (await env.DB.prepare("SELECT logo_url FROM qr_codes WHERE id = ?")
      .bind(id)
      .first<string>("logo_url"))!;
    // As if it had been uploaded before uploads were checked.
    await env.LOGOS.put(key, pngHeader(20000, 20000));

    for (const format of ["png", "svg"]) {
      const download = await appFetch(`/api/qr-codes/${id}/download?format=${format}`, {
        headers: { Cookie: cookie },
      });
      expect(download.status, format).toBe(422);
      expect(await download.text()).toContain(TOO_MANY);
    }
    const preview = await appFetch(
      `/download.png?type=url&url=example.com&logo=${encodeURIComponent(key)}`,
      { headers: { Cookie: cookie } },
    );
    expect(preview.status).toBe(400);
    expect(await preview.text()).toContain(TOO_MANY);
  });
});

describe("a brand's logo and favicon", () => {
  it("are refused by their header's pixels, with the reason beside the field", async () => {
    const details = newPerson("brand-bomb");
    const signup = await postJson("/api/auth/signup", { ...details, plan: "ultimate" });
    const { id } = await signup.json<{ id: string }>();
    const cookie = cookieFrom(signup, "qr_session")!;
    const cases: [string, File][] = [
      ["logo", new File([pngHeader(20000, 20000)], "logo.png", { type: "image/png" })],
      ["favicon", new File([pngHeader(4096, 4096)], "favicon.png", { type: "image/png" })],
      ["favicon", new File([icoWithPng(pngHeader(20000, 20000))], "favicon.ico")],
    ];
    for (const [field, file] of cases) {
      const form = new FormData();
      form.set("intent", "save-brand");
      form.set("workspace", personalWorkspaceId(id));
      form.set("name", "Ada's Bakery");
      form.set("accentColor", "#9a3412");
      form.set(field, file);
      const response = await appFetch("/dashboard?tab=brand", {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: cookie, "CF-Connecting-IP": newAddress() },
        body: form,
      });
      const text = textOf(await response.text());
      expect(response.status, `${field} ${file.name}`).toBe(400);
      expect(text).toContain(TOO_MANY);
      expect(text).toContain("Nothing was saved.");
    }
    const stored = await env.LOGOS.list({ prefix: `brands/${personalWorkspaceId(id)}/` });
    expect(stored.objects).toHaveLength(0);
  });
});
