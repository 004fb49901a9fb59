// The privacy policy and the terms of service, as structure: their sections and how many
// paragraphs and bullets each has. The words are in the `legal` message catalogues
// (`legal.<document>.<section>.heading`, `.p1`, `.p2`…, `.b1`…), translated in full; the English
// text prevails (components/legal-document.tsx says so on every other language's copy).

export interface LegalSection {
  id: string;
  paragraphs: number;
  bullets: number;
}

export interface LegalDocument {
  id: "privacy" | "terms";
  sections: readonly LegalSection[];
}

/** The day both documents last changed (shown in the page's language). */
export const legalLastUpdated = "2025-01-23";

export const privacyPolicy: LegalDocument = {
  id: "privacy",
  sections: [
    { id: "downloads", paragraphs: 2, bullets: 4 },
    { id: "account", paragraphs: 1, bullets: 4 },
    { id: "saved-codes", paragraphs: 2, bullets: 0 },
    { id: "payments", paragraphs: 3, bullets: 0 },
    { id: "scan-analytics", paragraphs: 1, bullets: 4 },
    { id: "unique-scanners", paragraphs: 1, bullets: 0 },
    { id: "cookies", paragraphs: 2, bullets: 3 },
    { id: "use", paragraphs: 1, bullets: 8 },
    { id: "providers", paragraphs: 3, bullets: 3 },
    { id: "retention", paragraphs: 1, bullets: 7 },
    { id: "security", paragraphs: 2, bullets: 0 },
    { id: "rights", paragraphs: 4, bullets: 0 },
    { id: "changes", paragraphs: 2, bullets: 0 },
  ],
};

export const termsOfService: LegalDocument = {
  id: "terms",
  sections: [
    { id: "service", paragraphs: 2, bullets: 3 },
    { id: "accounts", paragraphs: 2, bullets: 0 },
    { id: "billing", paragraphs: 3, bullets: 0 },
    { id: "cancellation", paragraphs: 3, bullets: 0 },
    { id: "static-codes", paragraphs: 3, bullets: 0 },
    { id: "acceptable-use", paragraphs: 1, bullets: 7 },
    { id: "content", paragraphs: 3, bullets: 0 },
    { id: "termination", paragraphs: 3, bullets: 0 },
    { id: "disclaimers", paragraphs: 2, bullets: 0 },
    { id: "liability", paragraphs: 3, bullets: 0 },
    { id: "changes", paragraphs: 2, bullets: 0 },
    { id: "law", paragraphs: 2, bullets: 0 },
  ],
};
