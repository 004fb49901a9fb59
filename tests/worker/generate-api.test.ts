import { describe, expect, it } from "vitest";
import { decodeSingleQr } from "../support/qr-decode";
import { parseMailto, parseVcard, parseWifi, pngPalette, pngSize } from "../support/payload-parse";
import { appFetch, generate, newAddress } from "./app";

async function generatedPng(type: string, data: object, customization: object = {}) {
  const response = await generate({ type, data, customization, preview: "true" });
  const body = (await response.json()) as { dataURL?: string; message?: string };
  expect(response.status, body.message).toBe(200);
  expect(body.dataURL).toMatch(/^data:image\/png;base64,/);
  const base64 = body.dataURL!.slice("data:image/png;base64,".length);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function decoded(type: string, data: object, customization: object = {}) {
  return (await decodeSingleQr(await generatedPng(type, data, customization))).text;
}

describe("POST /api/qr-codes/generate: every type decodes to what phones expect", () => {
  it("url, keeping reserved characters, non-Latin paths and long addresses", async () => {
    const url = `https://example.com/über/路径?q=a%20b&x=1;y=2#frag-${"z".repeat(600)}`;
    expect(await decoded("url", { url })).toBe(url);
    expect(await decoded("url", { url: "example.org" })).toBe("https://example.org");
  });

  it("text in any script, with emoji", async () => {
    const text = "Grüße 👋 — 東京 · Ελληνικά · עברית\nSecond line; with: reserved, chars";
    expect(await decoded("text", { text })).toBe(text);
  });

  it("email with a subject and body that need encoding", async () => {
    const mail = parseMailto(
      await decoded("email", {
        email: "orders@example.com",
        subject: "Café & crème? #1",
        message: "Hello,\nsee you at 10:30 = 50% 🙂",
      }),
    );
    expect(mail).toEqual({
      to: "orders@example.com",
      subject: "Café & crème? #1",
      body: "Hello,\r\nsee you at 10:30 = 50% 🙂",
    });
  });

  it("phone and sms", async () => {
    expect(await decoded("phone", { phone: "+49 (30) 123-456" })).toBe("tel:+4930123456");
    expect(await decoded("sms", { phone: "+1 555 0100", message: "Table 4: ready? ✅" })).toBe(
      "SMSTO:+15550100:Table 4: ready? ✅",
    );
  });

  it("wifi with every reserved character in the name and password (spec names: security)", async () => {
    const wifi = parseWifi(
      await decoded("wifi", {
        ssid: 'Café;Net,"5G":\\',
        password: 'p@ss;w,o:r"d\\',
        security: "WPA",
        hidden: true,
      }),
    );
    expect(wifi).toEqual({ T: "WPA", S: 'Café;Net,"5G":\\', P: 'p@ss;w,o:r"d\\', H: "true" });
  });

  it("contact as vCard 3.0 (spec names: org, contactPhone, contactEmail)", async () => {
    const card = parseVcard(
      await decoded("contact", {
        firstName: "José",
        lastName: "Müller; Jr.",
        org: "Acme, Inc.",
        contactPhone: "+34 600 000 000",
        contactEmail: "jose@example.com",
      }),
    );
    expect(card).toMatchObject({
      VERSION: "3.0",
      N: "Müller; Jr.;José;;;",
      FN: "José Müller; Jr.",
      ORG: "Acme, Inc.",
      TEL: "+34600000000",
      EMAIL: "jose@example.com",
    });
  });
});

describe("PNG output", () => {
  it.each([256, 512, 1024, 2048])("is exactly %i px and scans", async (size) => {
    const png = await generatedPng("url", { url: "https://example.com/size" }, { size });
    expect(pngSize(png)).toEqual({ width: size, height: size });
    expect((await decodeSingleQr(png)).text).toBe("https://example.com/size");
  });

  it("uses exactly the chosen colours", async () => {
    const png = await generatedPng(
      "text",
      { text: "colours" },
      { fgColor: "#1D4ED8", bgColor: "#fef3c7" },
    );
    expect(pngPalette(png).sort()).toEqual(["#1d4ed8", "#fef3c7"]);
    expect((await decodeSingleQr(png)).text).toBe("colours");
  });

  it("uses error correction level M without a logo", async () => {
    const png = await generatedPng("text", { text: "level" });
    expect((await decodeSingleQr(png)).ecLevel).toBe("M");
  });
});

describe("bad input gets a 400 with a message a person understands", () => {
  it.each([
    [{ type: "pdf", data: {} }, /Choose a QR code type/],
    [{ type: "url", data: "{not json" }, /data must be a JSON object/],
    [{ type: "url", data: "[1,2]" }, /data must be a JSON object/],
    [{ type: "url", data: {} }, /Enter a website address/],
    [{ type: "url", data: { url: "ftp://files" } }, /valid web address/],
    [{ type: "contact", data: { org: "Acme" } }, /at least a name, an e-mail address or a phone/],
    [{ type: "wifi", data: { ssid: "Home", password: "short" } }, /WPA passwords have 8 to 63/],
    [
      { type: "text", data: { text: "x" }, customization: { fgColor: "red" } },
      /# followed by 3 or 6 hex/,
    ],
    [{ type: "text", data: { text: "x" }, customization: { size: 300 } }, /256, 512, 1024 or 2048/],
    [
      {
        type: "text",
        data: { text: "x" },
        customization: { fgColor: "#ffffff", bgColor: "#000000" },
      },
      /Light codes on a dark background/,
    ],
    [
      {
        type: "text",
        data: { text: "x" },
        customization: { fgColor: "#999999", bgColor: "#aaaaaa" },
      },
      /too close/,
    ],
    [
      { type: "text", data: { text: "ü".repeat(1500) } },
      /needs 3,000 bytes and the limit is 2,331/,
    ],
    [
      { type: "text", data: { text: "x" }, customization: "{" },
      /customization must be a JSON object/,
    ],
  ])("%j", async (fields, message) => {
    const response = await generate(fields);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(message);
  });

  it("refuses a body that is not a form", async () => {
    const response = await appFetch("/api/qr-codes/generate", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newAddress() },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/multipart/);
  });

  it("asks visitors to sign in before saving", async () => {
    const response = await generate({
      type: "text",
      data: { text: "x" },
      save: "true",
      title: "Mine",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Authentication required" });
  });

  it("answers GET with 405", async () => {
    expect((await appFetch("/api/qr-codes/generate")).status).toBe(405);
  });
});

describe("rate limit", () => {
  it("answers 429 with the spec's message once a client exceeds its budget", async () => {
    const ip = newAddress();
    const statuses: number[] = [];
    // wrangler.toml allows 120 a minute in windows aligned to the clock: should one end during
    // the loop, the count starts again, so the loop may need up to twice the budget.
    const BUDGET = 120;
    for (let i = 0; i < 2 * BUDGET + 10; i++) {
      const response = await generate({ type: "text", data: { text: `n${i}` } }, { ip });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toEqual({
          message: "Too many requests. Please wait a moment.",
        });
        break;
      }
      await response.body?.cancel();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(BUDGET);
    // Another client is not affected.
    expect((await generate({ type: "text", data: { text: "other" } })).status).toBe(200);
  });
});
