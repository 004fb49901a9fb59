import { describe, expect, it } from "vitest";
import { nextCheckAfter } from "../../app/domains/backoff";
import { checkHostname, displayHostname } from "../../app/domains/hostname";
import { shortLinkUrl } from "../../app/domains/links";
import { resolveDomainSettings } from "../../app/domains/settings";

// Issue #18's hostname rules, the provider settings and the short link of a custom domain.

const OURS = ["qr.example.com", "domains.qrcodecreator.app"];

describe("which hostnames a workspace may add", () => {
  it("accepts ordinary and internationalised names, stored in punycode and shown in Unicode", () => {
    expect(checkHostname("  QR.Brand.com. ", OURS)).toEqual({ ok: true, hostname: "qr.brand.com" });
    const idn = checkHostname("qr.bücher.de", OURS);
    expect(idn).toEqual({ ok: true, hostname: "qr.xn--bcher-kva.de" });
    expect(displayHostname("qr.xn--bcher-kva.de")).toBe("qr.bücher.de");
    expect(checkHostname("menü.café.example", OURS).ok).toBe(true);
  });

  it.each([
    ["", "Enter a hostname, like qr.example.com."],
    [
      "https://qr.brand.com",
      "Enter only the hostname, like qr.example.com: no https://, path or port.",
    ],
    [
      "qr.brand.com/menu",
      "Enter only the hostname, like qr.example.com: no https://, path or port.",
    ],
    [
      "qr.brand.com:8443",
      "Enter only the hostname, like qr.example.com: no https://, path or port.",
    ],
    ["*.brand.com", "Wildcards are not supported. Add each hostname, like qr.example.com."],
    ["192.0.2.10", "Enter a hostname, not an IP address."],
    ["[2001:db8::1]", "Enter only the hostname, like qr.example.com: no https://, path or port."],
    ["localhost", "Enter a full hostname with its domain, like qr.example.com."],
    [
      "qr_codes.brand.com",
      "This is not a valid hostname: use letters, digits and hyphens, with dots between the parts.",
    ],
    [
      "-qr.brand.com",
      "This is not a valid hostname: use letters, digits and hyphens, with dots between the parts.",
    ],
    [
      "qr..brand.com",
      "This is not a valid hostname: use letters, digits and hyphens, with dots between the parts.",
    ],
    [
      "qr.brand.123",
      "This is not a valid hostname: use letters, digits and hyphens, with dots between the parts.",
    ],
    [`${"a".repeat(64)}.brand.com`, "Each part of a hostname can be at most 63 characters."],
    [`${"abcdefghi.".repeat(26)}com`, "Hostnames can be at most 253 characters."],
    ["example.com", "example.com and its subdomains belong to this service. Use your own domain."],
    [
      "qr.example.com",
      "example.com and its subdomains belong to this service. Use your own domain.",
    ],
    [
      "links.qr.example.com",
      "example.com and its subdomains belong to this service. Use your own domain.",
    ],
    [
      "x.domains.qrcodecreator.app",
      "domains.qrcodecreator.app and its subdomains belong to this service. Use your own domain.",
    ],
  ])("refuses %j", (input, message) => {
    expect(checkHostname(input, ["www.example.com", "domains.qrcodecreator.app"])).toMatchObject({
      ok: false,
      message,
    });
  });
});

describe("the custom-hostname provider's settings", () => {
  const zone = "0123456789abcdef0123456789abcdef";
  it("is Cloudflare with a zone and a token, TEST MODE locally without, and nothing elsewhere", () => {
    expect(
      resolveDomainSettings(
        { CLOUDFLARE_ZONE_ID: zone, CLOUDFLARE_API_TOKEN: "t".repeat(40) },
        "production",
      ),
    ).toMatchObject({ provider: "cloudflare", zoneId: zone, target: "domains.qrcodecreator.app" });
    expect(resolveDomainSettings({}, "development").provider).toBe("simulated");
    expect(resolveDomainSettings({}, "production").provider).toBe("unavailable");
    expect(
      resolveDomainSettings(
        { CUSTOM_DOMAIN_TARGET: "Cname.Brand.App", APP_HOSTNAME: "qr.app" },
        "development",
      ),
    ).toMatchObject({ target: "cname.brand.app", appHostname: "qr.app" });
  });

  it("names what is wrong, never a value", () => {
    expect(() => resolveDomainSettings({ CLOUDFLARE_ZONE_ID: zone }, "production")).toThrow(
      "set both CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN, or neither",
    );
    expect(() =>
      resolveDomainSettings(
        { CLOUDFLARE_ZONE_ID: "nope", CLOUDFLARE_API_TOKEN: "secret-token-value-xyz" },
        "production",
      ),
    ).toThrow(/CLOUDFLARE_ZONE_ID must be a zone id/);
    expect(() =>
      resolveDomainSettings({ CUSTOM_DOMAIN_TARGET: "not a host" }, "development"),
    ).toThrow(/CUSTOM_DOMAIN_TARGET must be a hostname/);
  });
});

describe("a tracked code's short link", () => {
  it("is on the custom domain when it has one, else on this service", () => {
    expect(
      shortLinkUrl("https://qr.example.com", { slug: "Ab3dEf7hJk", hostname: "go.brand.com" }),
    ).toBe("https://go.brand.com/Ab3dEf7hJk");
    expect(shortLinkUrl("https://qr.example.com", { slug: "Ab3dEf7hJk", hostname: null })).toBe(
      "https://qr.example.com/s/Ab3dEf7hJk",
    );
  });

  it("waits longer before each scheduled check: 10 minutes, doubling, at most a day", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const minutes = Array.from({ length: 9 }, (_, checks) =>
      Math.round((nextCheckAfter(checks, now).getTime() - now.getTime()) / 60_000),
    );
    expect(minutes).toEqual([10, 20, 40, 80, 160, 320, 640, 1280, 1440]);
  });
});
