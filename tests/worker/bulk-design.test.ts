import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { newPerson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";

// Bulk with designs (issue #28): design columns per row, checked with row-numbered messages, and
// one brand style for the whole batch with the rows' own columns over it. Every image in the ZIP
// is decoded with zxing and is exactly the image the download link draws for the same design.

interface Person {
  id: string;
  cookie: string;
}

async function person(): Promise<Person> {
  const { cookie, response } = await signUp({ ...newPerson("bulkdesign"), plan: "premium" });
  const { id } = await response.json<{ id: string }>();
  return { id, cookie };
}

const post = (who: Person, path: string, body: BodyInit) =>
  appFetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookie, "CF-Connecting-IP": newAddress() },
    body,
  });

function upload(who: Person, csv: string, options: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([csv], "designs.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries({ format: "png", size: "256", ...options })) {
    form.set(name, value);
  }
  return post(who, "/bulk?intent=check", form);
}

/** Checks, goes on and downloads the ZIP; returns its files. */
async function made(who: Person, csv: string, options: Record<string, string> = {}) {
  const checked = await upload(who, csv, options);
  const html = await checked.text();
  expect(checked.status, textOf(html)).toBe(200);
  const job = /name="job" value="([0-9a-f-]{36})"/.exec(html)![1]!;
  expect((await post(who, "/bulk?intent=start", new URLSearchParams({ job }))).status).toBe(303);
  const zip = await appFetch(`/bulk/${job}/download`, { headers: { Cookie: who.cookie } });
  expect(zip.status).toBe(200);
  return { html, files: unzipSync(new Uint8Array(await zip.arrayBuffer())) };
}

/** The download link's PNG of the same URL and design: what the batch's image must equal. */
async function linkPng(who: Person, url: string, design: string) {
  const response = await appFetch(
    `/download.png?type=url&url=${encodeURIComponent(url)}&size=256&${design}`,
    { headers: { Cookie: who.cookie } },
  );
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe("bulk design columns", () => {
  it("draws each row in its own design, decodable and equal to the download link's image", async () => {
    const ada = await person();
    const csv = [
      "url,filename,dotShape,cornerShape,cornerDotShape,fgColor,cornerColor,frame,frameText,errorCorrection,gradientType,gradientFrom,gradientTo",
      "https://example.com/a,a,rounded,extra-rounded,dot,1e293b,1d4ed8,box,Table 1,Q,,,",
      "https://example.com/b,b,dots,dot,dot,,,banner,Menu,H,linear,1d4ed8,111827",
      "https://example.com/c,c,,,,,,,,,,,",
    ].join("\n");
    const { files } = await made(ada, csv);
    expect((await decodeSingleQr(files["a.png"]!)).text).toBe("https://example.com/a");
    expect((await decodeSingleQr(files["b.png"]!)).text).toBe("https://example.com/b");
    expect((await decodeSingleQr(files["c.png"]!)).text).toBe("https://example.com/c");
    expect(files["a.png"]).toEqual(
      await linkPng(
        ada,
        "https://example.com/a",
        "dotShape=rounded&cornerShape=extra-rounded&cornerDotShape=dot&fg=1e293b&cornerColor=%231d4ed8&frame=box&frameText=Table+1&errorCorrection=Q",
      ),
    );
    expect(files["b.png"]).toEqual(
      await linkPng(
        ada,
        "https://example.com/b",
        "dotShape=dots&cornerShape=dot&cornerDotShape=dot&frame=banner&frameText=Menu&errorCorrection=H&gradientType=linear&gradientFrom=%231d4ed8&gradientTo=%23111827",
      ),
    );
    // A row without design cells stays the plain code it always was.
    expect(files["c.png"]).toEqual(await linkPng(ada, "https://example.com/c", ""));
  });

  it("lists bad design cells with their row and column, and makes the other rows", async () => {
    const ada = await person();
    const csv = [
      "url,dotShape,fgColor,frame,frameText,margin,gradientType,gradientFrom,gradientTo",
      "https://example.com/ok,rounded,,box,Hello,,,,",
      "https://example.com/shape,hexagon,,,,,,,",
      "https://example.com/faint,,e2e8f0,,,,,,",
      "https://example.com/margin,,,,,2,,,",
      "https://example.com/fade,,,,,,linear,1d4ed8,f1f5f9",
      "https://example.com/text,,,box,Scan me ✓ 😀,,,,",
    ].join("\n");
    const checked = await upload(ada, csv);
    const html = await checked.text();
    expect(checked.status).toBe(200);
    expect(textOf(html)).toContain("1 of 6 rows ready");
    expect(html).toMatch(/<td>3<\/td><td><code>dotShape<\/code><\/td><td>Choose a dot shape/);
    expect(html).toMatch(/<td>4<\/td><td><code>fgColor<\/code><\/td><td>[^<]*contrast/i);
    expect(html).toMatch(
      /<td>5<\/td><td><code>margin<\/code><\/td><td>The margin must be at least 4/,
    );
    expect(html).toMatch(
      /<td>6<\/td><td><code>gradientTo<\/code><\/td><td>The gradient&#x27;s light end is too close/,
    );
    expect(html).toMatch(/<td>7<\/td><td><code>frameText<\/code><\/td><td>The frame text can use/);
  });

  it("documents the design columns in every template, and the templates' rows are valid", async () => {
    const ada = await person();
    const template = await (await appFetch("/bulk/template.csv?type=url")).text();
    const header = Papa.parse<string[]>(template).data[0]!;
    for (const column of [
      "dotShape",
      "cornerShape",
      "frame",
      "frameText",
      "gradientType",
      "margin",
    ]) {
      expect(header).toContain(column);
    }
    const { files } = await made(ada, template);
    const manifest = Papa.parse<Record<string, string>>(strFromU8(files["manifest.csv"]!), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(manifest.every((line) => line.status === "ok")).toBe(true);
    expect((await decodeSingleQr(files["table-1.png"]!)).text).toBe("https://example.com/menu");
  });
});

describe("one brand style for a bulk batch", () => {
  it("draws every row in the style, the rows' own columns over it", async () => {
    const ada = await person();
    const styled = await post(
      ada,
      "/dashboard?tab=styles",
      new URLSearchParams({
        workspace: personalWorkspaceId(ada.id),
        intent: "create-style",
        name: "Tables",
        dotShape: "classy-rounded",
        cornerShape: "rounded",
        cornerDotShape: "rounded",
        fgColor: "#7c2d12",
        bgColor: "#ffffff",
        frame: "bubble",
        frameText: "Order here",
        frameColor: "#7c2d12",
        frameTextColor: "#ffffff",
        errorCorrection: "Q",
        margin: "4",
        logoSize: "medium",
        logoClear: "on",
      }),
    );
    expect(styled.status).toBe(303);
    const styleId = /#style-(bs_[0-9a-f]{32})$/.exec(styled.headers.get("Location")!)![1]!;
    const { html, files } = await made(
      ada,
      "url,filename,frame,fgColor\nhttps://example.com/1,one,,\nhttps://example.com/2,two,none,1e3a8a\n",
      { styleId },
    );
    expect(html).toContain('alt="QR code for row 2"');
    const style =
      "dotShape=classy-rounded&cornerShape=rounded&cornerDotShape=rounded&fg=7c2d12&frame=bubble&frameText=Order+here&frameColor=%237c2d12&errorCorrection=Q";
    expect((await decodeSingleQr(files["one.png"]!)).text).toBe("https://example.com/1");
    expect(files["one.png"]).toEqual(await linkPng(ada, "https://example.com/1", style));
    expect((await decodeSingleQr(files["two.png"]!)).text).toBe("https://example.com/2");
    expect(files["two.png"]).toEqual(
      await linkPng(
        ada,
        "https://example.com/2",
        style.replace("frame=bubble", "frame=none").replace("fg=7c2d12", "fg=1e3a8a"),
      ),
    );
    const saved = await env.DB.prepare("SELECT count(*) AS n FROM brand_styles WHERE id = ?")
      .bind(styleId)
      .first<{ n: number }>();
    expect(saved?.n).toBe(1);
  });
});
