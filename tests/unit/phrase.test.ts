// Issue #32: a shared module's message says its English to the API and its phrase to a page.
import { describe, expect, it } from "vitest";
import { serverI18n } from "../../app/i18n/catalog.server";
import { LOCALES } from "../../app/i18n/locales";
import { phrase, say } from "../../app/i18n/phrase";
import { english, inLanguage } from "./phrases";

const german = serverI18n(LOCALES.find((locale) => locale.code === "de")!);
const t = (id: string, values?: Record<string, unknown>) => german._(id, values);

describe("phrases", () => {
  const tooLong = {
    message:
      "This content is too long for a QR code: it needs 3,000 bytes and the limit is 2,953. Shorten it, or link to a page that holds the rest.",
    phrase: phrase("generator.error.tooLong", { bytes: "3,000", limit: "2,953" }),
  };

  it("is said in the page's language, with its values", () => {
    expect(say(t, tooLong)).toBe(inLanguage("de", tooLong.phrase));
    expect(say(t, tooLong)).toContain("3,000");
    expect(say(t, tooLong)).not.toBe(tooLong.message);
  });

  it("keeps the English when a message has no phrase", () => {
    expect(say(t, { message: "Plain English." })).toBe("Plain English.");
  });

  it("has the English catalogue's text as its English message", () => {
    expect(english(tooLong.phrase)).toBe(tooLong.message);
    expect(() => english(phrase("no.such.id"))).toThrow("no id");
  });
});
