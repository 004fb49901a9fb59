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

/** A vCard's content lines, folded lines joined again (RFC 2425 §5.8.1). */
function vcardLines(text: string): string[] {
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  if (lines[0] !== "BEGIN:VCARD" || lines.at(-1) !== "END:VCARD") throw new Error("Not a vCard");
  return lines.slice(1, -1);
}

const unescapeVcard = (value: string) =>
  value.replace(/\\(.)/g, (_match, char: string) => (char === "n" || char === "N" ? "\n" : char));

/** Reads vCard lines into property → unescaped value (parameters dropped). */
export function parseVcard(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const line of vcardLines(text)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).split(";")[0]!;
    properties[name] = unescapeVcard(line.slice(colon + 1));
  }
  return properties;
}

export interface VcardProperty {
  name: string;
  /** Parameters as written, like "TYPE=WORK,VOICE". */
  params: string[];
  /** The value split on unescaped ';' (ADR's and N's components), each unescaped. */
  components: string[];
}

/** Splits on ';' that no backslash escapes ("a\\\\;b" is "a\\" then "b"). */
function splitComponents(value: string): string[] {
  const parts = [""];
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === "\\") parts[parts.length - 1] += char + (value[++i] ?? "");
    else if (char === ";") parts.push("");
    else parts[parts.length - 1] += char;
  }
  return parts;
}

/** Reads every vCard property, repeated ones (two TEL lines) included, as a strict reader would. */
export function readVcard(text: string): VcardProperty[] {
  return vcardLines(text).map((line) => {
    const colon = line.indexOf(":");
    const [name, ...params] = line.slice(0, colon).split(";");
    const components = splitComponents(line.slice(colon + 1)).map(unescapeVcard);
    return { name: name!, params, components };
  });
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
