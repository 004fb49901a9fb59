import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkBrandFields, checkFavicon, sniffBrandAsset } from "../../app/brand/brand";
import { scannerPageHtml } from "../../app/brand/scanner-page";
import { senderAs } from "../../app/mail/settings";
import { invitationMessage } from "../../app/mail/templates";
import { DEFAULT_LOCALE } from "../../app/i18n/locales";

// White label (issue #18): the brand settings' rules, the scanner's page and the branded
// invitation, as pure functions.

const png = new Uint8Array(readFileSync(new URL("../fixtures/logo.png", import.meta.url)));
const jpeg = new Uint8Array(readFileSync(new URL("../fixtures/logo.jpg", import.meta.url)));
const ico = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);

describe("brand fields", () => {
  it("accepts a dark accent, normalises it, and tidies the name", () => {
    expect(
      checkBrandFields({ name: "  Ada's   Bakery ", accentColor: "9A3412", supportUrl: "" }),
    ).toEqual({
      ok: true,
      fields: { name: "Ada's Bakery", accentColor: "#9a3412", supportUrl: null },
    });
    expect(
      checkBrandFields({ name: "Ada", accentColor: "#000", supportUrl: "mailto:help@ada.test" }),
    ).toMatchObject({
      ok: true,
      fields: { accentColor: "#000000", supportUrl: "mailto:help@ada.test" },
    });
  });

  it("refuses accents under 4.5:1 on white, with the ratio", () => {
    const light = checkBrandFields({ name: "Ada", accentColor: "#3b82f6", supportUrl: "" });
    expect(light).toMatchObject({
      ok: false,
      errors: {
        accentColor:
          "This colour is too light to read on white (contrast 3.7:1; at least 4.5:1 is needed). Choose a darker shade.",
      },
    });
    // #2563eb is 5.2:1: accepted.
    expect(checkBrandFields({ name: "Ada", accentColor: "#2563eb", supportUrl: "" }).ok).toBe(true);
    expect(checkBrandFields({ name: "Ada", accentColor: "blue", supportUrl: "" })).toMatchObject({
      ok: false,
      errors: { accentColor: "Enter the accent colour as a hex code, like #1d4ed8." },
    });
  });

  it("refuses support links that are not https or mailto, and names that are empty, long or markup", () => {
    for (const supportUrl of [
      "javascript:alert(1)",
      "http://ada.test",
      "data:text/html,hi",
      "https://user:pw@ada.test",
      "https://localhost",
      "mailto:nobody",
      "ada.test/help",
    ]) {
      expect(
        checkBrandFields({ name: "Ada", accentColor: "#000000", supportUrl }).ok,
        supportUrl,
      ).toBe(false);
    }
    expect(checkBrandFields({ name: "", accentColor: "#000000", supportUrl: "" }).ok).toBe(false);
    expect(
      checkBrandFields({ name: "x".repeat(61), accentColor: "#000000", supportUrl: "" }).ok,
    ).toBe(false);
    expect(
      checkBrandFields({ name: "<b>Ada</b>", accentColor: "#000000", supportUrl: "" }).ok,
    ).toBe(false);
  });
});

describe("brand images", () => {
  it("takes a favicon as PNG or ICO by its bytes, at most 100 KB", () => {
    expect(checkFavicon(png)).toEqual({ ok: true, type: "image/png" });
    expect(checkFavicon(ico)).toEqual({ ok: true, type: "image/x-icon" });
    expect(checkFavicon(jpeg).ok).toBe(false);
    expect(checkFavicon(new TextEncoder().encode("<svg/>")).ok).toBe(false);
    const big = new Uint8Array(100 * 1024 + 1);
    big.set(png.slice(0, 8));
    expect(checkFavicon(big)).toMatchObject({ ok: false, problem: { title: "File too large" } });
  });

  it("serves a stored image only as what its bytes are", () => {
    expect(sniffBrandAsset("logo", jpeg)).toBe("image/jpeg");
    expect(sniffBrandAsset("logo", ico)).toBeNull();
    expect(sniffBrandAsset("favicon", ico)).toBe("image/x-icon");
    expect(sniffBrandAsset("logo", new TextEncoder().encode("<html>"))).toBeNull();
  });
});

describe("the scanner's page", () => {
  const brand = {
    name: `Ada "<Bakery>"`,
    accentColor: "#9a3412",
    supportUrl: "https://ada.test/help?a=1&b=2",
    logoUrl: "/_brand/logo/abc",
    faviconUrl: null,
  };

  it("names the brand, escaped, and never this service", () => {
    const html = scannerPageHtml(410, { hostname: "go.ada.test", brand });
    expect(html).toContain("This QR code was deleted");
    expect(html).toContain('alt="Ada &quot;&lt;Bakery&gt;&quot;"');
    expect(html).toContain('href="https://ada.test/help?a=1&amp;b=2"');
    expect(html).not.toContain("<Bakery>");
    expect(html).not.toMatch(/qr ?code ?creator/i);
    expect(html).not.toContain('rel="icon"');
  });

  it("without a brand names only the hostname", () => {
    const html = scannerPageHtml(404, { hostname: "go.ada.test", brand: null });
    expect(html).toContain("This QR code link does not exist");
    expect(html).toContain("<small>go.ada.test</small>");
    expect(html).not.toContain("<header>");
    expect(html).not.toMatch(/qr ?code ?creator/i);
  });
});

describe("a branded invitation", () => {
  it("is signed and sent in the brand's name", () => {
    const message = invitationMessage({
      locale: DEFAULT_LOCALE,
      to: "grace@example.com",
      inviterName: "Ada",
      workspaceName: "Bakery team",
      role: "editor",
      link: "https://qr.example.com/invite/abc",
      brand: { name: "Ada's Bakery", accentColor: "#9a3412" },
    });
    expect(message.subject).toBe("Ada invited you to Bakery team on Ada's Bakery");
    expect(message.fromName).toBe("Ada's Bakery");
    expect(message.text).not.toContain("QR Code Creator");
    expect(message.html).not.toContain("QR Code Creator");
    const plain = invitationMessage({
      locale: DEFAULT_LOCALE,
      to: "grace@example.com",
      inviterName: "Ada",
      workspaceName: "Bakery team",
      role: "editor",
      link: "https://qr.example.com/invite/abc",
    });
    expect(plain.subject).toBe("Ada invited you to Bakery team on QR Code Creator");
    expect(plain.fromName).toBeUndefined();
  });

  it("keeps MAIL_FROM's address under the brand's display name", () => {
    expect(senderAs("QR Code Creator <no-reply@qr.example.com>", "Ada's Bakery")).toBe(
      `"Ada's Bakery" <no-reply@qr.example.com>`,
    );
    expect(senderAs("no-reply@qr.example.com", 'Evil" <x@y.test>\r\nBcc: z')).toBe(
      `"Evil x@y.testBcc: z" <no-reply@qr.example.com>`,
    );
  });
});
