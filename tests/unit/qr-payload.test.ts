import { describe, expect, it } from "vitest";
import { ContentTooLongError, encodeMatrix } from "../../app/qr/matrix";
import { describeContent, encodePayload } from "../../app/qr/payload";
import { parseContent } from "../../app/qr/schema";
import type { QrContent, QrType } from "../../app/qr/types";
import { decodeSingleQr } from "../support/qr-decode";
import { matrixToPng } from "../support/qr-image";

function content(type: QrType, input: Record<string, unknown>): QrContent {
  const parsed = parseContent(type, input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

async function roundTrip(payload: string, ecLevel: "M" | "H" = "M") {
  return decodeSingleQr(await matrixToPng(encodeMatrix(payload, ecLevel)));
}

describe("what each type of code says to a phone", () => {
  it("links keep their address and gain https:// when the scheme is missing", () => {
    expect(encodePayload(content("url", { url: "https://example.com/a?b=c&d=é#x" }))).toBe(
      "https://example.com/a?b=c&d=é#x",
    );
    expect(encodePayload(content("url", { url: "  example.com/menu " }))).toBe(
      "https://example.com/menu",
    );
  });

  it("e-mails become mailto: with a percent-encoded subject and CRLF body", () => {
    const payload = encodePayload(
      content("email", {
        email: "hello@example.com",
        subject: "Order #12 & more?",
        message: "Line one\nLine two = 50%",
      }),
    );
    expect(payload).toBe(
      "mailto:hello@example.com?subject=Order%20%2312%20%26%20more%3F&body=Line%20one%0D%0ALine%20two%20%3D%2050%25",
    );
    expect(encodePayload(content("email", { email: "a@b.co" }))).toBe("mailto:a@b.co");
  });

  it("phone numbers become dialable tel: links", () => {
    expect(encodePayload(content("phone", { phone: "+1 (555) 010-9999" }))).toBe(
      "tel:+15550109999",
    );
  });

  it("text messages use SMSTO with the number and the message", () => {
    expect(encodePayload(content("sms", { phone: "0049 30 1234", message: "Hi: see you!" }))).toBe(
      "SMSTO:0049301234:Hi: see you!",
    );
  });

  it("Wi-Fi escapes the reserved characters \\ ; , : and quotes", () => {
    expect(
      encodePayload(
        content("wifi", {
          ssid: 'My;Net,"Home":\\',
          password: "pa;ss:wo,rd\\",
          encryption: "WPA",
          hidden: "true",
        }),
      ),
    ).toBe('WIFI:T:WPA;S:My\\;Net\\,\\"Home\\"\\:\\\\;P:pa\\;ss\\:wo\\,rd\\\\;H:true;;');
    expect(
      encodePayload(content("wifi", { ssid: "Cafe", encryption: "nopass", password: "x" })),
    ).toBe("WIFI:T:nopass;S:Cafe;;");
  });

  it("contacts become vCard 3.0 with escaped values and CRLF lines", () => {
    const payload = encodePayload(
      content("contact", {
        firstName: "Zoë",
        lastName: "O'Neil; Jr.",
        company: "Acme, Inc.",
        jobTitle: "Head\\of\nThings",
        phone: "+44 20 7946 0000",
        email: "zoe@example.com",
        website: "acme.example",
      }),
    );
    expect(payload.split("\r\n")).toEqual([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:O'Neil\\; Jr.;Zoë;;;",
      "FN:Zoë O'Neil\\; Jr.",
      "ORG:Acme\\, Inc.",
      "TITLE:Head\\\\of\\nThings",
      "TEL;TYPE=CELL:+442079460000",
      "EMAIL;TYPE=INTERNET:zoe@example.com",
      "URL:https://acme.example",
      "END:VCARD",
    ]);
  });

  it("describes the content in words for alt text", () => {
    expect(describeContent(content("wifi", { ssid: "Home", password: "12345678" }))).toBe(
      "Wi-Fi network Home",
    );
  });
});

describe("codes read back with an independent decoder", () => {
  it.each([
    ["a long URL", `https://example.com/${"path/".repeat(150)}?q=${"x".repeat(200)}`],
    ["non-Latin text", "Привет, мир! こんにちは世界 مرحبا بالعالم 你好"],
    ["emoji", "QR codes 🎉👩‍💻🚀 — ünïcödé"],
    ["vCard line breaks", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEND:VCARD"],
  ])("%s survives as UTF-8", async (_label, payload) => {
    const decoded = await roundTrip(payload);
    expect(decoded.text).toBe(payload);
    expect(decoded.ecLevel).toBe("M");
  });

  it("uses level H when asked (for codes with a logo)", async () => {
    const decoded = await roundTrip("https://example.com", "H");
    expect(decoded.ecLevel).toBe("H");
  });

  it("refuses content longer than a code can hold, naming the limit", () => {
    expect(() => encodeMatrix("x".repeat(2331))).not.toThrow();
    expect(() => encodeMatrix("x".repeat(2332))).toThrow(ContentTooLongError);
    expect(() => encodeMatrix("é".repeat(1200))).toThrow(
      "it needs 2,400 bytes and the limit is 2,331",
    );
    expect(() => encodeMatrix("x".repeat(1274), "H")).toThrow("the limit is 1,273");
  });
});
