import { describe, expect, it } from "vitest";
import { formatPrice, PLANS, TRIAL_DAYS } from "../../app/plans/catalogue";
import { faqCategories, faqEntries } from "../../app/content/faq";
import { helpFaqs, helpTopics } from "../../app/content/help";
import { legalLastUpdated, privacyPolicy, termsOfService } from "../../app/content/legal";

const allCopy = [
  ...faqEntries.flatMap((entry) => [entry.question, entry.answer]),
  ...helpFaqs.flatMap((faq) => [faq.question, faq.answer]),
  ...helpTopics.map((topic) => topic.description),
  ...[privacyPolicy, termsOfService].flatMap((doc) => [
    doc.intro,
    ...doc.sections.flatMap((section) => [...section.paragraphs, ...(section.bullets ?? [])]),
  ]),
].join("\n");

describe("help and FAQ content", () => {
  it("has 21 FAQ questions, each in one of the three categories, with unique anchors", () => {
    expect(faqEntries).toHaveLength(21);
    expect(faqCategories.map((category) => category.label)).toEqual([
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
    expect(legalLastUpdated).toBe("January 23, 2025");
    expect(privacyPolicy.sections.length).toBeGreaterThanOrEqual(8);
    expect(termsOfService.sections.length).toBeGreaterThanOrEqual(8);
  });

  it("the legal pages send people to Account settings to download their data and delete their account", () => {
    const text = (doc: typeof privacyPolicy) =>
      doc.sections.flatMap((section) => [...section.paragraphs, ...(section.bullets ?? [])]);
    for (const doc of [privacyPolicy, termsOfService]) {
      const copy = text(doc).join("\n");
      expect(copy).toMatch(/delete your account yourself at Account settings \(\/account\)/);
      expect(copy).toMatch(/download (a copy of )?your data/);
      expect(copy).not.toMatch(/to delete your account[^.]*contact/i);
      expect(copy).not.toMatch(/deleted within 30 days/);
    }
  });
});
