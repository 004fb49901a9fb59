import { type Phrased, phrase } from "../i18n/phrase";
import { describeContent } from "../qr/payload";
import type { QrContent, QrType } from "../qr/types";

// The check's preview says what each of the first rows encodes (issue #17): describeContent's
// English ("link to https://…"), and on the /bulk page the same in the page's language (issue #32).
// The value is describeContent's own (shortened text, a contact's name or its fallback), so the
// two cannot drift apart; tests/unit/bulk-phrases.test.ts checks the English is the same.

/** How describeContent starts for each type, and the name of the value after it. */
const LEADS: Record<QrType, [lead: string, value: string]> = {
  url: ["link to ", "url"],
  text: ["text: ", "text"],
  email: ["e-mail to ", "email"],
  phone: ["phone call to ", "phone"],
  sms: ["text message to ", "phone"],
  wifi: ["Wi-Fi network ", "ssid"],
  contact: ["contact card for ", "name"],
};

/** What `content` encodes, in English with its phrase `bulk.preview.<type>`. */
export function previewContent(content: QrContent): Phrased {
  const message = describeContent(content);
  const [lead, value] = LEADS[content.type];
  if (!message.startsWith(lead)) return { message };
  return {
    message,
    phrase: phrase(`bulk.preview.${content.type}`, { [value]: message.slice(lead.length) }),
  };
}
