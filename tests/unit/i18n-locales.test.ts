// Issue #32: how a URL and a request name a language.
import { describe, expect, it } from "vitest";
import {
  acceptedLocale,
  isPublicPath,
  localeByCode,
  localizedPath,
  LOCALES,
  PSEUDO_LOCALE,
  splitLocalePath,
} from "../../app/i18n/locales";
import { namespacesFor } from "../../app/i18n/namespaces";

const spanish = localeByCode("es")!;
const english = localeByCode("en")!;

describe("locale prefixes", () => {
  it("splits a public page's prefix from its path", () => {
    expect(splitLocalePath("/es/pricing")).toEqual({ locale: spanish, path: "/pricing" });
    expect(splitLocalePath("/pt-br/")).toEqual({ locale: localeByCode("pt-BR"), path: "/" });
    expect(splitLocalePath("/zh-cn")).toEqual({ locale: localeByCode("zh-CN"), path: "/" });
    expect(splitLocalePath("/pricing")).toEqual({ locale: null, path: "/pricing" });
    // Not a language: "/s/abc" is a short link, "/xx/" nobody's.
    expect(splitLocalePath("/s/abc").locale).toBeNull();
    expect(splitLocalePath("/xx/pricing").locale).toBeNull();
  });

  it("knows the pseudo-locale only when asked to", () => {
    expect(splitLocalePath("/en-xa/faq").locale).toBeNull();
    expect(splitLocalePath("/en-xa/faq", true)).toEqual({ locale: PSEUDO_LOCALE, path: "/faq" });
    expect(localeByCode("en-XA")).toBeNull();
    expect(LOCALES).not.toContain(PSEUDO_LOCALE);
  });

  it("prefixes public pages only; signed-in pages keep one address", () => {
    expect(localizedPath(spanish, "/pricing")).toBe("/es/pricing");
    expect(localizedPath(spanish, "/")).toBe("/es/");
    expect(localizedPath(spanish, "/faq#plans")).toBe("/es/faq#plans");
    expect(localizedPath(spanish, "/?type=url")).toBe("/es/?type=url");
    expect(localizedPath(spanish, "/dashboard")).toBe("/dashboard");
    expect(localizedPath(english, "/pricing")).toBe("/pricing");
    expect(isPublicPath("/dashboard")).toBe(false);
    expect(isPublicPath("/auth")).toBe(true);
  });

  it("names every language in itself, with Arabic right to left", () => {
    expect(LOCALES.map((l) => l.name)).toEqual([
      "English",
      "Español",
      "Português (Brasil)",
      "Français",
      "Deutsch",
      "Italiano",
      "日本語",
      "简体中文",
      "العربية",
    ]);
    expect(LOCALES.filter((l) => l.dir === "rtl").map((l) => l.code)).toEqual(["ar"]);
  });
});

describe("Accept-Language", () => {
  it("takes the first supported language by q-value, a region falling back to its language", () => {
    expect(acceptedLocale("de-DE,de;q=0.9,en;q=0.8")?.code).toBe("de");
    expect(acceptedLocale("nl;q=1, fr-CA;q=0.7, en;q=0.5")?.code).toBe("fr");
    expect(acceptedLocale("en;q=0.3, ja;q=0.8")?.code).toBe("ja");
    expect(acceptedLocale("pt-PT")?.code).toBe("pt-BR");
    expect(acceptedLocale("es-419")?.code).toBe("es");
    expect(acceptedLocale("zh-Hans-CN")?.code).toBe("zh-CN");
    expect(acceptedLocale("ar-EG,ar;q=0.9")?.code).toBe("ar");
  });

  it("does not offer Simplified Chinese for Traditional, nor anything for junk", () => {
    expect(acceptedLocale("zh-TW")).toBeNull();
    expect(acceptedLocale("zh-Hant-HK, nl")).toBeNull();
    expect(acceptedLocale("*")).toBeNull();
    expect(acceptedLocale("fr;q=0")).toBeNull();
    expect(acceptedLocale(null)).toBeNull();
    expect(acceptedLocale(";;;,,,q=")).toBeNull();
  });
});

describe("a page's namespaces", () => {
  it("ships the shell and the page's own messages, never the e-mails", () => {
    expect(namespacesFor("/pricing")).toEqual(["common", "pricing", "billing"]);
    expect(namespacesFor("/signin/two-factor")).toEqual(["common", "auth"]);
    expect(namespacesFor("/dashboard/codes/abc")).toContain("code");
    expect(namespacesFor("/s/abc")).toEqual(["common", "scan"]);
    expect(namespacesFor("/staff/health")).toEqual(["common"]);
    expect(namespacesFor("/nowhere")).toEqual(["common"]);
    for (const path of ["/", "/pricing", "/dashboard", "/account", "/bulk", "/s/x"]) {
      expect(namespacesFor(path)).not.toContain("mail");
    }
  });
});
