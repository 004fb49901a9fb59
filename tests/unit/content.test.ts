import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { formatPrice, PLANS, TRIAL_DAYS } from "../../app/plans/catalogue";
import { faqCategories, faqEntries } from "../../app/content/faq";
import { planFigures } from "../../app/content/figures";
import { helpFaqs, helpTopics } from "../../app/content/help";
import {
  type LegalDocument,
  legalLastUpdated,
  privacyPolicy,
  termsOfService,
} from "../../app/content/legal";
import faqMessages from "../../app/i18n/messages/en/faq.json";
import helpMessages from "../../app/i18n/messages/en/help.json";
import legalMessages from "../../app/i18n/messages/en/legal.json";

// The English text as the pages show it: the catalogues' messages, filled from the plan catalogue.
const source: Record<string, string> = { ...faqMessages, ...helpMessages, ...legalMessages };
const i18n = setupI18n({
  locale: "en",
  messages: {
    en: Object.fromEntries(Object.entries(source).map(([id, text]) => [id, compileMessage(text)])),
  },
});
const figures = { ...planFigures("en"), salesEmail: "sales@example.com" };
const en = (id: string) => i18n._(id, figures);

const range = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => en(`${prefix}${index + 1}`));
const sectionText = (doc: LegalDocument) =>
  doc.sections.flatMap((section) => [
    ...range(`legal.${doc.id}.${section.id}.p`, section.paragraphs),
    ...range(`legal.${doc.id}.${section.id}.b`, section.bullets),
  ]);

const allCopy = [
  ...faqEntries.flatMap((entry) => [
    en(`faq.q.${entry.id}.question`),
    en(`faq.q.${entry.id}.answer`),
  ]),
  ...helpFaqs.flatMap((faq) => [en(`help.q.${faq.id}.question`), en(`help.q.${faq.id}.answer`)]),
  ...helpTopics.map((topic) => en(`help.topic.${topic.id}.description`)),
  ...[privacyPolicy, termsOfService].flatMap((doc) => [
    en(`legal.${doc.id}.intro`),
    ...sectionText(doc),
  ]),
].join("\n");

describe("help and FAQ content", () => {
  it("has 21 FAQ questions, each in one of the three categories, with unique anchors", () => {
    expect(faqEntries).toHaveLength(21);
    expect(faqCategories.map((category) => en(`faq.category.${category.id}`))).toEqual([
      "QR Code Basics",
      "Design & Customize",
      "Download & Scan",
    ]);
    for (const category of faqCategories) {
      expect(faqEntries.some((entry) => entry.category === category.id)).toBe(true);
    }
    expect(new Set(faqEntries.map((entry) => entry.id)).size).toBe(21);
  });

  it("has four help topics and five help questions that link inside the app", () => {
    expect(helpTopics).toHaveLength(4);
    expect(helpFaqs).toHaveLength(5);
    for (const topic of helpTopics) expect(topic.href).toMatch(/^\/(?!\/)/);
  });

  it("agrees with the plan catalogue: saved codes on Free, the prices, the trial, retention", () => {
    const free = PLANS.free.capabilities;
    expect(allCopy).toMatch(new RegExp(`${free.maxSavedCodes} (saved )?(QR )?codes`, "i"));
    expect(allCopy).not.toMatch(/\b\d+ (QR )?codes per month/i);
    expect(allCopy).toContain(`${formatPrice(PLANS.premium.priceCents)}/month`);
    expect(allCopy).toContain(`${formatPrice(PLANS.ultimate.priceCents)}/month`);
    expect(allCopy).toContain(`${TRIAL_DAYS}-day`);
    expect(allCopy).toContain(`${PLANS.premium.capabilities.analyticsRetentionDays} days`);
    expect(allCopy).toContain(`up to ${PLANS.premium.capabilities.teamMembers} team members`);
    expect(allCopy).toContain(`up to ${PLANS.ultimate.capabilities.teamMembers} team members`);
    expect(allCopy).toMatch(/2 MB/);
    // Support (issue #19): the promised first-response times the tickets are held to.
    expect(allCopy).toContain(
      `support within ${PLANS.premium.capabilities.supportResponseHours} hours`,
    );
    expect(allCopy).toContain(
      `${PLANS.ultimate.capabilities.supportResponseHours}-hour response time`,
    );
  });

  it("dates both legal documents January 23, 2025", () => {
    expect(legalLastUpdated).toBe("2025-01-23");
    expect(privacyPolicy.sections.length).toBeGreaterThanOrEqual(8);
    expect(termsOfService.sections.length).toBeGreaterThanOrEqual(8);
  });

  it("the legal pages send people to Account settings to download their data and delete their account", () => {
    for (const doc of [privacyPolicy, termsOfService]) {
      const copy = sectionText(doc).join("\n");
      expect(copy).toMatch(/delete your account yourself at Account settings \(\/account\)/);
      expect(copy).toMatch(/download (a copy of )?your data/);
      expect(copy).not.toMatch(/to delete your account[^.]*contact/i);
      expect(copy).not.toMatch(/deleted within 30 days/);
    }
  });
});
