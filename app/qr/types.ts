/** The seven kinds of content a code can carry, in the order the type selector lists them. */
export const QR_TYPES = ["url", "text", "email", "phone", "sms", "wifi", "contact"] as const;
export type QrType = (typeof QR_TYPES)[number];

export const QR_TYPE_LABELS: Record<QrType, string> = {
  url: "Website",
  text: "Text",
  email: "E-mail",
  phone: "Phone",
  sms: "SMS",
  wifi: "Wi-Fi",
  contact: "Contact",
};

export const QR_SIZES = [256, 512, 1024, 2048] as const;
export type QrSize = (typeof QR_SIZES)[number];

export const WIFI_SECURITY = ["WPA", "WEP", "nopass"] as const;
export type WifiSecurity = (typeof WIFI_SECURITY)[number];

/** The kinds a contact's second phone number can be. */
export const PHONE_KINDS = ["mobile", "work"] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

export type QrContent =
  | { type: "url"; url: string }
  | { type: "text"; text: string }
  | { type: "email"; email: string; subject: string; message: string }
  | { type: "phone"; phone: string }
  | { type: "sms"; phone: string; message: string }
  | { type: "wifi"; ssid: string; password: string; encryption: WifiSecurity; hidden: boolean }
  | {
      type: "contact";
      firstName: string;
      lastName: string;
      company: string;
      jobTitle: string;
      phone: string;
      /** A second number, and what kind of number it is. */
      phone2: string;
      phone2Type: PhoneKind;
      email: string;
      website: string;
      /** The postal address (vCard ADR), each part optional. */
      street: string;
      city: string;
      region: string;
      postalCode: string;
      country: string;
      note: string;
    };

export interface QrStyle {
  size: QrSize;
  /** "#rgb" or "#rrggbb" */
  fgColor: string;
  bgColor: string;
}

export const DEFAULT_STYLE: QrStyle = { size: 256, fgColor: "#000000", bgColor: "#ffffff" };

/** The four levels of ISO/IEC 18004: about 7, 15, 25 and 30% of the symbol can be restored. */
export const ERROR_CORRECTION_LEVELS = ["L", "M", "Q", "H"] as const;
export type ErrorCorrection = (typeof ERROR_CORRECTION_LEVELS)[number];

/**
 * Marks the generator's own round trips (its form without JavaScript, its type links, a refused
 * download): settings that were already on screen, not loaded from a link. Here, not in
 * fields.ts, so the page's first load does not take the validation schemas with it.
 */
export const FROM_GENERATOR = { name: "from", value: "generator" } as const;
