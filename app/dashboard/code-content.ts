import type { Translate } from "../i18n/i18n";

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
