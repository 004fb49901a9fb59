import { describe, expect, it } from "vitest";
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

  it("agrees with the plan catalogue: 3 saved codes on Free, $15 and $49, a 7-day trial", () => {
    expect(allCopy).toMatch(/3 (saved )?(QR )?codes/i);
    expect(allCopy).not.toMatch(/\b5 (QR )?codes per month/i);
    expect(allCopy).not.toMatch(/\b3 (QR )?codes per month/i);
    expect(allCopy).toContain("$15");
    expect(allCopy).toContain("$49");
    expect(allCopy).toMatch(/7-day/);
    expect(allCopy).toMatch(/2 MB/);
  });

  it("dates both legal documents January 23, 2025", () => {
    expect(legalLastUpdated).toBe("January 23, 2025");
    expect(privacyPolicy.sections.length).toBeGreaterThanOrEqual(8);
    expect(termsOfService.sections.length).toBeGreaterThanOrEqual(8);
  });
});
