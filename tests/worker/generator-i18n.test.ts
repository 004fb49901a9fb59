import { describe, expect, it } from "vitest";
import { decodeEntities, textOf } from "../support/html";
import { newPerson, signUp } from "./accounts";
import { appFetch, ORIGIN } from "./app";
import { landOn, postForm } from "./forms";

// Issue #32: the generator under /es/ speaks Spanish, with and without JavaScript: its page, the
// answers of its forms (which post to /es/), its validation messages and the frame's default call
// to action ("Escanéame"); a code keeps the call to action it was saved with.

const page = async (path: string, cookie?: string) =>
  (await appFetch(path, { headers: cookie ? { Cookie: cookie } : {} })).text();

const frameTextOf = (html: string) =>
  decodeEntities(/<input[^>]*name="frameText"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "");

describe("the generator in Spanish", () => {
  it("shows its page in Spanish, its forms posting to /es/ and the frame saying Escanéame", async () => {
    const html = await page("/es/");
    const text = textOf(html);
    expect(html).toMatch(/<html[^>]*lang="es"/);
    expect(text).toContain("Crea códigos QR que siempre se escanean");
    expect(text).toContain("Datos del sitio web");
    expect(text).toContain("Actualizar vista previa");
    expect(text).toContain("Descargar PNG");
    expect(text).toContain("Cómo funciona");
    expect(text).not.toContain("Update preview");
    expect(html).toContain('action="/es/#generator"');
    expect(html).toContain('action="/es/?index"');
    expect(frameTextOf(html)).toBe("Escanéame");
    // The download links draw the code the page shows, its call to action included.
    expect(decodeEntities(html)).toMatch(/href="\/download\.png\?[^"]*frameText=Escan%C3%A9ame/);
    // English stays English, with the schema's default.
    expect(frameTextOf(await page("/"))).toBe("Scan me");
  });

  it("answers the form sent without JavaScript in Spanish, its errors too", async () => {
    // What the GET form submits: a frame chosen, the call to action as the field showed it.
    const framed = await page(
      "/es/?type=text&text=Hola&from=generator&frame=box&frameText=Escan%C3%A9ame#generator",
    );
    expect(textOf(framed)).toContain("Datos del texto");
    expect(frameTextOf(framed)).toBe("Escanéame");
    expect(framed).toMatch(/<img[^>]*class="preview-image"[^>]*src="data:image\/svg\+xml/);

    const refused = textOf(await page("/es/?type=url&url=&from=generator"));
    expect(refused).toContain("Escribe la dirección de un sitio web");
    const lowContrast = textOf(await page("/es/?type=text&text=Hola&fg=777777&bg=888888"));
    expect(lowContrast).toContain("Estos colores se parecen demasiado");
    // A framed code from an English link keeps its "Scan me".
    expect(frameTextOf(await page("/es/?type=text&text=Hola&frame=box"))).toBe("Scan me");
  });

  it("sends a visitor's save to the Spanish sign-up and back to the Spanish generator", async () => {
    const response = await postForm("/es/?index", {
      type: "text",
      text: "Hola",
      frameText: "Escanéame",
      title: "Menú",
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/es/auth");
    expect(location.searchParams.get("redirect")).toMatch(/^\/es\/\?type=text&text=Hola/);
  });

  it("saves from /es/ with a Spanish answer, the code keeping its call to action", async () => {
    const { cookie } = await signUp(newPerson("es-save"));
    const saved = await postForm(
      "/es/?index",
      { type: "text", text: "Hola", frame: "box", frameText: "Escanéame", title: "Menú" },
      cookie,
    );
    expect(saved.status).toBe(303);
    const location = saved.headers.get("Location")!;
    expect(location).toMatch(/^\/es\/\?/);
    expect(new URL(location, ORIGIN).searchParams.get("frameText")).toBe("Escanéame");
    const text = await landOn(saved, cookie);
    expect(text).toContain("Código QR guardado");
    expect(text).toContain("«Menú» ya está en tu panel.");

    const refused = await postForm(
      "/es/?index",
      { type: "text", text: "", title: "Vacío" },
      cookie,
    );
    expect(await landOn(refused, cookie)).toContain("No se pudo guardar");
  });

  it("refuses a logo that is not an image in Spanish, title and all", async () => {
    const { cookie } = await signUp({ ...newPerson("es-logo"), plan: "premium" });
    const form = new FormData();
    for (const [key, value] of Object.entries({ type: "url", url: "https://example.com/es" })) {
      form.set(key, value);
    }
    form.set("intent", "logo");
    const disguised = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>");
    form.set("logo", new File([disguised], "logo.png", { type: "image/png" }));
    const refused = await appFetch("/es/?index", {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Cookie: cookie },
    });
    expect(refused.status).toBe(303);
    const text = await landOn(refused, cookie);
    expect(text).toContain("Tipo de archivo no válido");
    expect(text).not.toContain("Invalid file type");
    expect(text).not.toContain("Please choose an image file");
  });

  it("refuses a tracked code that leads back here in Spanish, title and all", async () => {
    const { cookie } = await signUp({ ...newPerson("es-loop"), plan: "premium" });
    const refused = await postForm(
      "/es/?index",
      { type: "url", url: `${ORIGIN}/dashboard`, trackScans: "on", title: "Bucle" },
      cookie,
    );
    expect(refused.status).toBe(303);
    const text = await landOn(refused, cookie);
    expect(text).toContain("Destino");
    expect(text).toContain("Esa dirección lleva de vuelta a este servicio");
    expect(text).not.toContain("leads back to this service");
  });

  it("keeps its messages when the browser asks for the page's data (a navigation, a revalidation)", async () => {
    // React Router asks for "/" at "/_.data" and for "/es/" at "/es/_.data".
    expect(await (await appFetch("/_.data")).text()).toContain("Create QR codes that always scan");
    const spanish = await (await appFetch("/es/_.data")).text();
    expect(spanish).toContain("Crea códigos QR que siempre se escanean");
    expect(spanish).toContain("Actualizar vista previa");
  });
});
