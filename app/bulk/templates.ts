import Papa from "papaparse";
import { TYPE_FIELDS } from "../qr/fields";
import { DESIGN_COLUMNS } from "./csv";
import type { QrType } from "../qr/types";

// A template CSV for each type (issue #17), to open in a spreadsheet and fill in. Pure.

const EXAMPLES: Record<QrType, Record<string, string>[]> = {
  url: [
    { url: "https://example.com/menu", title: "Table 1", filename: "table-1" },
    { url: "https://example.com/menu?table=2", title: "Table 2", filename: "table-2" },
  ],
  text: [
    { text: "Welcome to the conference!", title: "Welcome", filename: "welcome" },
    { text: "Room B12, second floor", title: "Room B12", filename: "room-b12" },
  ],
  email: [
    {
      email: "hello@example.com",
      subject: "Question",
      message: "Hello!",
      title: "Contact us",
      filename: "contact-us",
    },
  ],
  phone: [{ phone: "(555) 555-0100", title: "Front desk", filename: "front-desk" }],
  sms: [
    { phone: "(555) 555-0100", message: "TABLE 4", title: "Order by SMS", filename: "sms-table-4" },
  ],
  wifi: [
    {
      ssid: "Cafe Guest",
      password: "coffee-time",
      encryption: "WPA",
      hidden: "false",
      title: "Guest Wi-Fi",
      filename: "guest-wifi",
    },
  ],
  contact: [
    {
      firstName: "Ada",
      lastName: "Lovelace",
      company: "Analytical Engines",
      jobTitle: "Engineer",
      phone: "020 7946 0000",
      phone2: "020 7946 0001",
      phone2Type: "work",
      email: "ada@example.com",
      website: "https://example.com",
      street: "12 St James's Square",
      city: "London",
      postalCode: "SW1Y 4JH",
      country: "United Kingdom",
      title: "Ada's badge",
      filename: "ada-lovelace",
    },
  ],
};

/** The first example row shows a design (issue #28); empty design cells keep the batch's. */
const DESIGN_EXAMPLE: Record<string, string> = {
  dotShape: "rounded",
  cornerShape: "extra-rounded",
  cornerDotShape: "dot",
  frame: "box",
  frameText: "Scan me",
  errorCorrection: "Q",
  margin: "4",
};

export function templateCsv(type: QrType): string {
  const fields = [
    "type",
    ...TYPE_FIELDS[type],
    "title",
    "filename",
    "size",
    "fg",
    "bg",
    ...DESIGN_COLUMNS.filter((column) => column !== "fgColor" && column !== "bgColor"),
  ];
  return Papa.unparse(
    {
      fields,
      data: EXAMPLES[type].map((example, index) =>
        fields.map((field) =>
          field === "type"
            ? type
            : (example[field] ?? (index === 0 ? (DESIGN_EXAMPLE[field] ?? "") : "")),
        ),
      ),
    },
    { newline: "\r\n" },
  );
}
