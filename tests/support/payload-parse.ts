// Readers for the formats phones understand, to compare decoded codes by meaning.

/** Splits a WIFI: payload on unescaped ';' and reads its fields with escapes removed. */
export function parseWifi(text: string): Record<string, string> {
  if (!text.startsWith("WIFI:") || !text.endsWith(";;"))
    throw new Error(`Not a Wi-Fi payload: ${text}`);
  const fields: Record<string, string> = {};
  let key = "";
  let value = "";
  let readingKey = true;
  const body = text.slice(5, -1);
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === "\\") {
      value += body[++i] ?? "";
    } else if (readingKey && char === ":") {
      readingKey = false;
    } else if (!readingKey && char === ";") {
      fields[key] = value;
      key = "";
      value = "";
      readingKey = true;
    } else if (readingKey) {
      key += char;
    } else {
      value += char;
    }
  }
  return fields;
}

/** Reads vCard lines into property → unescaped value (parameters dropped). */
export function parseVcard(text: string): Record<string, string> {
  const lines = text.split("\r\n");
  if (lines[0] !== "BEGIN:VCARD" || lines.at(-1) !== "END:VCARD") throw new Error("Not a vCard");
  const properties: Record<string, string> = {};
  for (const line of lines.slice(1, -1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).split(";")[0]!;
    properties[name] = line
      .slice(colon + 1)
      .replace(/\\(.)/g, (_match, char: string) => (char === "n" ? "\n" : char));
  }
  return properties;
}

export function parseMailto(text: string) {
  const url = new URL(text);
  if (url.protocol !== "mailto:") throw new Error("Not a mailto link");
  return {
    to: decodeURIComponent(url.pathname),
    subject: url.searchParams.get("subject") ?? "",
    body: url.searchParams.get("body") ?? "",
  };
}

export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The palette of an indexed PNG as "#rrggbb" strings. */
export function pngPalette(png: Uint8Array): string[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === "PLTE") {
      const colors: string[] = [];
      for (let i = 0; i < length; i += 3) {
        colors.push(
          `#${[...png.subarray(at + 8 + i, at + 11 + i)].map((c) => c.toString(16).padStart(2, "0")).join("")}`,
        );
      }
      return colors;
    }
    at += 12 + length;
  }
  return [];
}
