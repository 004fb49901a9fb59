// Issue #32: the dashboard's messages made by shared modules (a tag's rule, a destination's
// refusals) say their English to the API and their phrase, in the page's language, to a page;
// the breakdowns name countries and device types in the page's language.
import { describe, expect, it } from "vitest";
import { countryName, scanValueName } from "../../app/analytics/names";
import { checkTag, MAX_TAG_LENGTH } from "../../app/codes/tags";
import { describedContent } from "../../app/dashboard/code-content";
import { serverI18n } from "../../app/i18n/catalog.server";
import { LOCALES } from "../../app/i18n/locales";
import { describeContent } from "../../app/qr/payload";
import type { QrContent } from "../../app/qr/types";
import { english, inLanguage } from "./phrases";

const translator = (code: string) => {
  const i18n = serverI18n(LOCALES.find((locale) => locale.code === code)!);
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
};

function refusal(input: string) {
  const checked = checkTag(input);
  if (checked.ok) throw new Error(`${input} is a tag`);
  return checked;
}

describe("a tag's refusals", () => {
  const refusals = [
    refusal("  "),
    refusal("ü".repeat(MAX_TAG_LENGTH + 5)),
    refusal("a/b"),
    refusal("-lead"),
  ];

  it("have the English catalogue's text as their English message", () => {
    expect(refusals[1]!.message).toBe(
      `A tag is at most 30 characters; “${"ü".repeat(30)}…” is longer.`,
    );
    for (const said of refusals) expect(english(said.phrase)).toBe(said.message);
  });

  it("are said in German and Arabic with the tag and the limit inside", () => {
    expect(inLanguage("de", refusals[0]!.phrase)).toBe("Bitte gib einen Namen für das Tag ein.");
    expect(inLanguage("de", refusals[1]!.phrase)).toBe(
      `Ein Tag hat höchstens 30 Zeichen; „${"ü".repeat(30)}…“ ist länger.`,
    );
    expect(inLanguage("de", refusals[2]!.phrase)).toContain("„a/b“ kann kein Tag sein");
    expect(inLanguage("ar", refusals[1]!.phrase)).toContain("30 حرفًا");
    expect(inLanguage("ja", refusals[3]!.phrase)).toContain("「-lead」はタグにできません");
  });
});

describe("a breakdown's values", () => {
  it("name a country in the page's language, and keep a code Intl does not know", () => {
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("JP", "ja")).toBe("日本");
    expect(countryName("T1", "de")).toBe("T1");
    expect(countryName("-1", "fr")).toBe("-1");
  });

  it("translate device types and unknown values, and leave product names alone", () => {
    const de = translator("de");
    const en = translator("en");
    expect(scanValueName(de, "de", "device", "mobile")).toBe("Smartphone");
    expect(scanValueName(en, "en", "device", "desktop")).toBe("Desktop");
    expect(scanValueName(de, "de", "device", "unknown")).toBe("Unbekannt");
    expect(scanValueName(de, "de", "country", "")).toBe("Unbekannt");
    expect(scanValueName(de, "de", "device", "fridge")).toBe("fridge");
    expect(scanValueName(de, "de", "browser", "Mobile Safari")).toBe("Mobile Safari");
    expect(scanValueName(de, "de", "city", "unknown")).toBe("unknown");
  });
});

describe("a code's description (its page's title without one, its image's alt)", () => {
  const contents: QrContent[] = [
    { type: "url", url: "https://example.com/menu" },
    { type: "text", text: "x".repeat(100) },
    { type: "text", text: "Hello" },
    { type: "email", email: "ada@example.com", subject: "", message: "" },
    { type: "phone", phone: "+4930123456" },
    { type: "sms", phone: "+4930123456", message: "Hi" },
    { type: "wifi", ssid: "Café", password: "secret", encryption: "WPA", hidden: false },
    {
      type: "contact",
      firstName: "",
      lastName: "",
      company: "Acme",
      email: "",
      phone: "",
    } as QrContent,
  ];

  it("says describeContent's English exactly, for every type", () => {
    for (const content of contents) {
      const described = describedContent(content);
      expect(described.message).toBe(describeContent(content));
      expect(english(described.phrase)).toBe(described.message);
    }
  });

  it("is said in German", () => {
    expect(inLanguage("de", describedContent(contents[0]!).phrase)).toBe(
      "Link zu https://example.com/menu",
    );
    expect(inLanguage("de", describedContent(contents[7]!).phrase)).toBe("Kontaktkarte für Acme");
  });
});
