import type { Translate } from "../i18n/i18n";

// The billing modules speak English, as the JSON API answers (issue #32). A page shows their
// messages in its language: each one it can show has the id "billing.message.<English>".

export function pageMessage(t: Translate, message: string): string {
  const id = `billing.message.${message}`;
  const text = t(id);
  return text === id ? message : text;
}
