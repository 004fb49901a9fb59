import patched from "qrcode-generator";
import { describe, expect, it } from "vitest";
import { encodePayload } from "../../app/qr/payload";
import type { QrContent } from "../../app/qr/types";
// @ts-expect-error -- the library as published, before patches/qrcode-generator+2.0.4.patch; untyped
import pristine from "../fixtures/qrcode-generator-2.0.4.original.mjs";

// patches/qrcode-generator+2.0.4.patch makes the library's mask scoring read a flat copy of the
// matrix (issue #20). It must not change a single module: every payload below is encoded by the
// patched library and by the one published, at every error-correction level, and compared.

const original = pristine as typeof patched;

/** A small deterministic generator, so that a failure can be reproduced. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(20261124);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const ALPHABET =
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,;:/?&=éüß€日本😀";
function text(min: number, max: number) {
  const length = min + Math.floor(random() * (max - min + 1));
  return Array.from({ length }, () => pick([...ALPHABET])).join("");
}
const digits = (n: number) => Array.from({ length: n }, () => pick([..."0123456789"])).join("");

function randomContent(type: QrContent["type"]): QrContent {
  switch (type) {
    case "url":
      return { type, url: `https://example.com/${encodeURIComponent(text(1, 120))}` };
    case "text":
      return { type, text: text(1, 150) };
    case "email":
      return { type, email: "someone@example.com", subject: text(0, 40), message: text(0, 100) };
    case "phone":
      return { type, phone: `+${digits(11)}` };
    case "sms":
      return { type, phone: `+${digits(11)}`, message: text(0, 160) };
    case "wifi":
      return {
        type,
        ssid: text(1, 20),
        password: text(8, 30),
        encryption: pick(["WPA", "WEP", "nopass"] as const),
        hidden: random() < 0.5,
      };
    case "contact":
      return {
        type,
        firstName: text(1, 15),
        lastName: text(1, 15),
        company: text(0, 30),
        jobTitle: text(0, 30),
        phone: `+${digits(10)}`,
        phone2: `+${digits(10)}`,
        phone2Type: pick(["mobile", "work"] as const),
        email: "ada@example.com",
        website: "https://example.com",
        street: text(0, 30),
        city: text(0, 15),
        region: text(0, 15),
        postalCode: text(0, 8),
        country: text(0, 15),
        note: text(0, 60),
      };
  }
}

function modules(library: typeof patched, payload: string, level: "L" | "M" | "Q" | "H") {
  const bytes = new TextEncoder().encode(payload);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const code = library(0, level);
  code.addData(binary, "Byte");
  code.make();
  const size = code.getModuleCount();
  let bits = "";
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) bits += code.isDark(row, col) ? "1" : "0";
  }
  return bits;
}

const TYPES = ["url", "text", "email", "phone", "sms", "wifi", "contact"] as const;
const LEVELS = ["L", "M", "Q", "H"] as const;

describe("the patched qrcode-generator", () => {
  it("draws exactly the published library's matrix for 1,000 random payloads of every type, at every level", () => {
    let compared = 0;
    for (let i = 0; i < 1000; i++) {
      const payload = encodePayload(randomContent(TYPES[i % TYPES.length]!));
      for (const level of LEVELS) {
        expect(modules(patched, payload, level), `payload ${i} at ${level}`).toBe(
          modules(original, payload, level),
        );
        compared += 1;
      }
    }
    expect(compared).toBe(4000);
  }, 120_000);

  it("is the library the app uses, patched", async () => {
    const source = await import("node:fs").then((fs) =>
      fs.readFileSync(
        new URL("../../node_modules/qrcode-generator/dist/qrcode.mjs", import.meta.url),
        "utf8",
      ),
    );
    expect(source).toContain("Patched for QR Code Creator");
  });
});
