import type { QrContent } from "./types";

/** Backslash-escapes the characters the Wi-Fi QR format reserves: \ ; , : " */
export function escapeWifi(value: string): string {
  return value.replace(/[\\;,:"]/g, (char) => `\\${char}`);
}

/** vCard 3.0 text value escaping (RFC 2426 §4): backslash, comma, semicolon and newlines. */
export function escapeVcard(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** The longest a vCard line may be, in octets, without its CRLF (RFC 2425 §5.8.1). */
export const VCARD_LINE_OCTETS = 75;

/**
 * Folds a content line into lines of at most 75 octets: each continuation starts with one space,
 * which readers remove when they unfold. A fold never falls inside a UTF-8 character or between a
 * backslash and the character it escapes, so even a careless reader gets whole characters.
 */
export function foldVcardLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const [unit] of line.matchAll(/\\[\s\S]|[\s\S]/gu)) {
    const size = encoder.encode(unit).length;
    if (octets + size > VCARD_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += unit;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n");
}

const TEL_TYPES = { mobile: "CELL", work: "WORK,VOICE" } as const;

function vcard(content: Extract<QrContent, { type: "contact" }>): string {
  const fullName = [content.firstName, content.lastName].filter(Boolean).join(" ");
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:${escapeVcard(content.lastName)};${escapeVcard(content.firstName)};;;`,
    // FN is mandatory in vCard 3.0; without a name, the company or a contact detail stands in.
    `FN:${escapeVcard(fullName || content.company || content.email || content.phone || content.phone2)}`,
  ];
  if (content.company) lines.push(`ORG:${escapeVcard(content.company)}`);
  if (content.jobTitle) lines.push(`TITLE:${escapeVcard(content.jobTitle)}`);
  if (content.phone) lines.push(`TEL;TYPE=CELL:${dialable(content.phone)}`);
  if (content.phone2) {
    lines.push(`TEL;TYPE=${TEL_TYPES[content.phone2Type]}:${dialable(content.phone2)}`);
  }
  if (content.email) lines.push(`EMAIL;TYPE=INTERNET:${content.email}`);
  // ADR has seven components: post office box, extended address, street, locality, region,
  // postal code and country; the form asks for the last five.
  const address = [
    content.street,
    content.city,
    content.region,
    content.postalCode,
    content.country,
  ];
  if (address.some(Boolean)) lines.push(`ADR:;;${address.map(escapeVcard).join(";")}`);
  if (content.website) lines.push(`URL:${content.website}`);
  if (content.note) lines.push(`NOTE:${escapeVcard(content.note)}`);
  lines.push("END:VCARD");
  return lines.map(foldVcardLine).join("\r\n");
}

/** RFC 6068 wants line breaks in mailto bodies as CRLF, percent-encoded. */
function mailtoComponent(value: string): string {
  return encodeURIComponent(value.replace(/\r\n|\r|\n/g, "\r\n"));
}

/** A dialable number: a leading + and digits, without the spaces and punctuation people type. */
export function dialable(phone: string): string {
  const trimmed = phone.trim();
  return (trimmed.startsWith("+") ? "+" : "") + trimmed.replace(/\D/g, "");
}

/**
 * The exact text a phone's camera app expects for each kind of content. Inputs are already
 * validated and normalised by the schemas in schema.ts.
 */
export function encodePayload(content: QrContent): string {
  switch (content.type) {
    case "url":
      return content.url;
    case "text":
      return content.text;
    case "email": {
      const query = [
        content.subject ? `subject=${mailtoComponent(content.subject)}` : "",
        content.message ? `body=${mailtoComponent(content.message)}` : "",
      ].filter(Boolean);
      return `mailto:${content.email}${query.length ? `?${query.join("&")}` : ""}`;
    }
    case "phone":
      return `tel:${dialable(content.phone)}`;
    case "sms":
      return `SMSTO:${dialable(content.phone)}:${content.message}`;
    case "wifi": {
      const fields = [`T:${content.encryption}`, `S:${escapeWifi(content.ssid)}`];
      if (content.encryption !== "nopass") fields.push(`P:${escapeWifi(content.password)}`);
      if (content.hidden) fields.push("H:true");
      return `WIFI:${fields.join(";")};;`;
    }
    case "contact":
      return vcard(content);
  }
}

/** A short, human description of what a code contains, for alt text and file names. */
export function describeContent(content: QrContent): string {
  switch (content.type) {
    case "url":
      return `link to ${content.url}`;
    case "text":
      return `text: ${content.text.length > 80 ? `${content.text.slice(0, 77)}…` : content.text}`;
    case "email":
      return `e-mail to ${content.email}`;
    case "phone":
      return `phone call to ${content.phone}`;
    case "sms":
      return `text message to ${content.phone}`;
    case "wifi":
      return `Wi-Fi network ${content.ssid}`;
    case "contact": {
      const name = [content.firstName, content.lastName].filter(Boolean).join(" ");
      return `contact card for ${name || content.company || content.email || content.phone}`;
    }
  }
}
