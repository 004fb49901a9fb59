// The FAQ's structure: which questions there are, in which category and order. The words are in
// the `faq` message catalogues (app/i18n/messages/*/faq.json): `faq.category.<id>`,
// `faq.q.<id>.question` and `faq.q.<id>.answer` (paragraphs separated by a blank line), with the
// plan's numbers as placeholders (content/figures.ts).

export const faqCategories = [{ id: "basics" }, { id: "design" }, { id: "download" }] as const;

export type FaqCategoryId = (typeof faqCategories)[number]["id"];

export interface FaqEntry {
  /** The anchor on the page and the key of its messages. */
  id: string;
  category: FaqCategoryId;
}

const entries = (category: FaqCategoryId, ids: string[]): FaqEntry[] =>
  ids.map((id) => ({ id, category }));

export const faqEntries: readonly FaqEntry[] = [
  ...entries("basics", [
    "what-is-a-qr-code",
    "account-required",
    "content-types",
    "do-codes-expire",
    "free-plan",
    "premium-and-ultimate",
    "trial-and-cancellation",
  ]),
  ...entries("design", [
    "size-options",
    "custom-colors",
    "colors-rejected",
    "add-a-logo",
    "error-correction",
    "quiet-zone",
    "saving-codes",
  ]),
  ...entries("download", [
    "download-formats",
    "download-limit",
    "print-size",
    "how-to-scan",
    "code-wont-scan",
    "scan-tracking",
    "tracking-after-cancel",
  ]),
];
