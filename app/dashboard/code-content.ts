import type { Translate } from "../i18n/i18n";
import { phrase, type Phrased } from "../i18n/phrase";
import type { QrContent } from "../qr/types";

// The content fields of a saved code as its page names them (issue #29 item 8): the labels of the
// generator's form, for the content summary and the confirmation of a static code's new content.

const FIELDS = new Set([
  "url",
  "text",
  "email",
  "subject",
  "message",
  "phone",
  "ssid",
  "password",
  "encryption",
  "hidden",
  "firstName",
  "lastName",
  "company",
  "jobTitle",
  "website",
]);

/** A content field's label, as the generator's form calls it, in the page's language. */
export const fieldLabel = (t: Translate, name: string) =>
  FIELDS.has(name) ? t(`code.field.${name}`) : name;

/**
 * describeContent (app/qr/payload.ts) with its phrase, for the code's page to say in its language
 * (issue #32): its title when it has none, its image's alt. Kept apart from payload.ts, which
 * the home page's generator ships, so that its JavaScript does not grow; a unit test holds the
 * two to the same English.
 */
export function describedContent(content: QrContent): Phrased {
  const said = (message: string, id: string, values: Record<string, string>): Phrased => ({
    message,
    phrase: phrase(`code.describe.${id}`, values),
  });
  switch (content.type) {
    case "url":
      return said(`link to ${content.url}`, "url", { url: content.url });
    case "text": {
      const text = content.text.length > 80 ? `${content.text.slice(0, 77)}…` : content.text;
      return said(`text: ${text}`, "text", { text });
    }
    case "email":
      return said(`e-mail to ${content.email}`, "email", { email: content.email });
    case "phone":
      return said(`phone call to ${content.phone}`, "phone", { phone: content.phone });
    case "sms":
      return said(`text message to ${content.phone}`, "sms", { phone: content.phone });
    case "wifi":
      return said(`Wi-Fi network ${content.ssid}`, "wifi", { ssid: content.ssid });
    case "contact": {
      const full = [content.firstName, content.lastName].filter(Boolean).join(" ");
      const name = full || content.company || content.email || content.phone;
      return said(`contact card for ${name}`, "contact", { name });
    }
  }
}
