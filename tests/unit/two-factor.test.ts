import { describe, expect, it } from "vitest";
import {
  groupedSecret,
  matchTotp,
  newRecoveryCodes,
  normalizeRecoveryCode,
  normalizeTotp,
  otpauthUri,
  totpAt,
  totpStep,
} from "../../app/security/two-factor";

const rfcKey = new TextEncoder().encode("12345678901234567890");

describe("TOTP", () => {
  // RFC 6238, Appendix B, the SHA-1 column.
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("gives RFC 6238's code at %i seconds", (time, code) => {
    expect(totpAt(rfcKey, time, 8)).toBe(code);
  });

  it("accepts the code of now and of one step either side, never an older one", () => {
    const now = 1_700_000_000;
    const code = totpAt(rfcKey, now);
    expect(matchTotp(rfcKey, code, now, null)).toBe(totpStep(now));
    expect(matchTotp(rfcKey, totpAt(rfcKey, now - 30), now, null)).toBe(totpStep(now) - 1);
    expect(matchTotp(rfcKey, totpAt(rfcKey, now + 30), now, null)).toBe(totpStep(now) + 1);
    expect(matchTotp(rfcKey, totpAt(rfcKey, now - 90), now, null)).toBeNull();
  });

  it("refuses a code whose step was already used (a replay)", () => {
    const now = 1_700_000_000;
    const code = totpAt(rfcKey, now);
    expect(matchTotp(rfcKey, code, now, totpStep(now))).toBeNull();
  });

  it("shows the secret in groups of four and in an otpauth address", () => {
    expect(groupedSecret(rfcKey)).toBe("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
    const uri = new URL(otpauthUri(rfcKey, "ada@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(uri.searchParams.get("issuer")).toBe("QR Code Creator");
  });

  it("reads what a person types", () => {
    expect(normalizeTotp(" 123 456 ")).toBe("123456");
    expect(normalizeTotp("12345")).toBeNull();
    expect(normalizeTotp("abcdef")).toBeNull();
  });
});

describe("recovery codes", () => {
  it("are ten different codes that read back the same however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z1-9]{5}-[a-z1-9]{5}$/);
      expect(normalizeRecoveryCode(` ${code.toUpperCase()} `)).toBe(code.replace("-", ""));
    }
    expect(normalizeRecoveryCode("short")).toBeNull();
  });
});
