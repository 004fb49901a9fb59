import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { describe, expect, it } from "vitest";
import { evaluateFields, readFields } from "../../app/qr/fields";
import { contentSvg } from "../../app/qr/render";
import { textOf } from "../support/html";
import { parseWifi } from "../support/payload-parse";
import { decodeSingleQr } from "../support/qr-decode";
import { appFetch } from "./app";

const WIFI_QUERY =
  "type=wifi&ssid=Cafe%3BNet&password=supersecret&encryption=WPA&size=512&fg=1d4ed8";

function download(path: string, cookie?: string, ip = "198.51.100.7") {
  return appFetch(path, {
    headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

function visitorCookie(): string {
  return `qr_visitor=${crypto.randomUUID()}`;
}

describe("GET /download.png", () => {
  it("downloads a scannable PNG attachment with a sensible name", async () => {
    const response = await download(`/download.png?${WIFI_QUERY}`, visitorCookie());
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="qr-wifi-cafe-net.png"',
    );
    const png = new Uint8Array(await response.arrayBuffer());
    expect(parseWifi((await decodeSingleQr(png)).text)).toEqual({
      T: "WPA",
      S: "Cafe;Net",
      P: "supersecret",
    });
  });

  it("gives a new visitor an id cookie and counts against it", async () => {
    const response = await download("/download.png?type=text&text=hello");
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(
      /^qr_visitor=[0-9a-f-]{36}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it("allows a visitor 3 downloads a day, then explains the limit on the generator", async () => {
    const cookie = visitorCookie();
    for (let i = 0; i < 3; i++) {
      const ok = await download(`/download.png?type=text&text=n${i}`, cookie);
      expect(ok.status).toBe(200);
      await ok.body?.cancel();
    }
    const refused = await download("/download.png?type=text&text=four", cookie);
    expect(refused.status).toBe(303);
    const location = refused.headers.get("Location")!;
    expect(location).toMatch(/^\/\?type=text&text=four.*notice=download-limit#generator$/);

    const page = await download(location.replace(/#.*/, ""), cookie);
    expect(textOf(await page.text())).toContain(
      "You have used your 3 free downloads for today. Sign up free to keep downloading.",
    );
  });

  it("holds the limit when ten downloads arrive at once", async () => {
    const cookie = visitorCookie();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        download(`/download.png?type=text&text=burst${i}`, cookie, "198.51.100.99"),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    await Promise.all(responses.map((response) => response.body?.cancel()));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 303)).toHaveLength(7);
  });

  it("caps one network address at 30 a day, whatever the cookies say", async () => {
    const ip = "198.51.100.200";
    let allowed = 0;
    for (let i = 0; i < 32; i++) {
      const response = await download(`/download.png?type=text&text=ip${i}`, visitorCookie(), ip);
      if (response.status === 200) allowed++;
      await response.body?.cancel();
    }
    expect(allowed).toBe(30);
  });

  it("answers 400 with the reasons for incomplete or unreadable settings", async () => {
    const response = await download("/download.png?type=url&url=", visitorCookie());
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Enter a website address");
    const colours = await download("/download.png?type=text&text=a&fg=eeeeee&bg=ffffff");
    expect(colours.status).toBe(400);
    expect(await colours.text()).toMatch(/too close/);
  });
});

describe("GET /download.svg", () => {
  it("explains that SVG is a paid-plan format", async () => {
    const response = await download(`/download.svg?${WIFI_QUERY}`);
    expect(response.status).toBe(303);
    const page = await download(response.headers.get("Location")!.replace(/#.*/, ""));
    expect(textOf(await page.text())).toContain("SVG downloads require Premium or Ultimate plan.");
  });
});

describe("SVG output", () => {
  it("renders to an image that scans, with a 4-module quiet zone", async () => {
    await initWasm(resvgWasm).catch(() => {}); // already initialised by the app in this isolate
    const { fields } = readFields(new URLSearchParams(`${WIFI_QUERY}&bg=fffbeb`));
    const evaluation = evaluateFields(fields);
    if (!evaluation.ok) throw new Error("fixture invalid");
    const svg = contentSvg(evaluation.content, evaluation.style);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="512" height="512"/);
    const span = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    expect(/M(\d+) (\d+)h/.exec(svg)?.slice(1).map(Number)).toEqual([4, 4]);
    expect(span % 4).toBe(1); // 17 + 4·version modules, plus 8 of quiet zone
    const png = new Resvg(svg, { fitTo: { mode: "width", value: 512 } }).render().asPng();
    expect(parseWifi((await decodeSingleQr(png)).text)).toMatchObject({ S: "Cafe;Net" });
  });
});
