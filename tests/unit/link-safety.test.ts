import { describe, expect, it } from "vitest";
import {
  domainsOf,
  listedDomain,
  maintainedBlocklist,
  normalizeDomain,
  parseBlocklist,
} from "../../app/destinations/blocklist";
import {
  lookupMatches,
  lookupRequest,
  resolveSafeBrowsingSettings,
  safeBrowsingMessage,
  testPageThreat,
} from "../../app/destinations/safe-browsing";
import {
  NEW_ACCOUNT_TRACKED_LINKS,
  newAccountAllowance,
  newAccountLimitMessage,
} from "../../app/plans/rules";
import { addBlockedDomainSchema } from "../../app/staff/blocklist";

// Link-safety checks (issue #31): the blocklist matcher, Safe Browsing's request and answer, the
// TEST MODE twin's verdicts and the young-account limit.

const blocked = parseBlocklist(
  "# staff list\nEvil.Example.  # phishing\n\nbücher.example\n10.0.0.1\n",
);
const match = (url: string) => listedDomain(url, (domain) => blocked.has(domain));

describe("the blocklist matcher", () => {
  it("reads a list file: comments, case, final dots and Unicode names", () => {
    expect([...blocked]).toEqual(["evil.example", "xn--bcher-kva.example", "10.0.0.1"]);
  });

  it("blocks the domain and every name under it, not names that merely end alike", () => {
    expect(match("https://evil.example/login")).toBe("evil.example");
    expect(match("https://login.secure.evil.example/")).toBe("evil.example");
    expect(match("https://notevil.example/")).toBeNull();
    expect(match("https://evil.example.good.example/")).toBeNull();
    expect(match("https://good.example/evil.example")).toBeNull();
    expect(match("https://good.example/?next=https://evil.example")).toBeNull();
  });

  it("ignores letter case, a final dot and ports", () => {
    expect(match("HTTPS://EVIL.Example/")).toBe("evil.example");
    expect(match("https://evil.example./")).toBe("evil.example");
    expect(match("https://www.evil.example.:8443/x")).toBe("evil.example");
  });

  it("reads the host as a browser does, whatever the userinfo says", () => {
    expect(match("https://good.example@evil.example/")).toBe("evil.example");
    expect(match("https://good.example:pass@evil.example/")).toBe("evil.example");
    expect(match("https://evil.example@good.example/")).toBeNull();
    expect(match("https://evil.example%40good.example/")).toBeNull();
  });

  it("matches internationalised names in Unicode and punycode alike", () => {
    expect(match("https://bücher.example/")).toBe("xn--bcher-kva.example");
    expect(match("https://shop.xn--bcher-kva.example/")).toBe("xn--bcher-kva.example");
    expect(match("https://BÜCHER.example/")).toBe("xn--bcher-kva.example");
  });

  it("matches IP literals exactly, in any spelling the URL parser accepts", () => {
    expect(match("http://10.0.0.1/")).toBe("10.0.0.1");
    expect(match("http://10.0.0.1:8080/admin")).toBe("10.0.0.1");
    expect(match("http://0x0a.0.0.1/")).toBe("10.0.0.1");
    expect(match("http://167772161/")).toBe("10.0.0.1");
    expect(match("http://10.0.0.10/")).toBeNull();
    expect(domainsOf("10.0.0.1")).toEqual(["10.0.0.1"]);
    const v6 = parseBlocklist("[2001:db8::1]");
    expect(listedDomain("http://[2001:DB8:0::1]:80/", (d) => v6.has(d))).toBe("[2001:db8::1]");
  });

  it("reads what staff type as a domain, refusing what is none", () => {
    expect(normalizeDomain(" *.Evil.Example. ")).toBe("evil.example");
    expect(normalizeDomain("https://user@Evil.Example:8443/path")).toBe("evil.example");
    expect(normalizeDomain("bücher.example")).toBe("xn--bcher-kva.example");
    for (const bad of ["", "evil example", "evil.example/path", "a@b.example", "-x.example"]) {
      expect(normalizeDomain(bad), bad).toBeNull();
    }
    expect(addBlockedDomainSchema.safeParse({ domain: "evil.example", reason: "ok" }).success).toBe(
      false,
    );
    expect(
      addBlockedDomainSchema.safeParse({ domain: "evil.example", reason: "phishing" }).success,
    ).toBe(true);
  });

  it("ships a maintained list file that parses", () => {
    expect(maintainedBlocklist().has("malware.testing.google.test")).toBe(true);
    expect(
      listedDomain("https://www.wicar.org/test/", (domain) => maintainedBlocklist().has(domain)),
    ).toBe("wicar.org");
  });
});

describe("Google Safe Browsing (Lookup API v4)", () => {
  it("asks about every threat type for each address", () => {
    expect(lookupRequest(["https://a.example/", "https://b.example/"])).toEqual({
      client: { clientId: "qr-code-creator", clientVersion: "1.0" },
      threatInfo: {
        threatTypes: [
          "SOCIAL_ENGINEERING",
          "MALWARE",
          "UNWANTED_SOFTWARE",
          "POTENTIALLY_HARMFUL_APPLICATION",
        ],
        platformTypes: ["ANY_PLATFORM"],
        threatEntryTypes: ["URL"],
        threatEntries: [{ url: "https://a.example/" }, { url: "https://b.example/" }],
      },
    });
  });

  it("maps the answer to a threat per address, the worst first; {} lists none", () => {
    expect(lookupMatches({}).size).toBe(0);
    const found = lookupMatches({
      matches: [
        { threatType: "MALWARE", platformType: "ANY_PLATFORM", threat: { url: "https://a/" } },
        {
          threatType: "SOCIAL_ENGINEERING",
          platformType: "WINDOWS",
          threat: { url: "https://a/" },
          cacheDuration: "300s",
          threatEntryType: "URL",
        },
        {
          threatType: "UNWANTED_SOFTWARE",
          platformType: "ANY_PLATFORM",
          threat: { url: "https://b/" },
        },
        { threatType: "THREAT_TYPE_UNSPECIFIED", threat: { url: "https://c/" } },
      ],
    });
    expect([...found]).toEqual([
      ["https://a/", "SOCIAL_ENGINEERING"],
      ["https://b/", "UNWANTED_SOFTWARE"],
    ]);
    expect(() => lookupMatches({ matches: "nope" })).toThrow();
  });

  it("names the threat in the message, and says when it is the TEST MODE twin", () => {
    expect(safeBrowsingMessage("SOCIAL_ENGINEERING", false)).toBe(
      "Google Safe Browsing lists this address as phishing, so a tracked code cannot lead there.",
    );
    expect(safeBrowsingMessage("MALWARE", true)).toContain("as malware (TEST MODE");
  });

  it("the twin flags Google's test pages as the real service does, and nothing else", () => {
    const host = "https://testsafebrowsing.appspot.com";
    expect(testPageThreat(`${host}/s/phishing.html`)).toBe("SOCIAL_ENGINEERING");
    expect(testPageThreat(`${host}/s/malware.html`)).toBe("MALWARE");
    expect(testPageThreat(`${host}/s/unwanted.html`)).toBe("UNWANTED_SOFTWARE");
    expect(testPageThreat("http://TestSafeBrowsing.appspot.com./s/phishing.html")).toBe(
      "SOCIAL_ENGINEERING",
    );
    expect(testPageThreat(`${host}/apiv4/ANY_PLATFORM/MALWARE/URL/`)).toBe("MALWARE");
    expect(testPageThreat(`${host}/apiv4/ANDROID/POTENTIALLY_HARMFUL_APPLICATION/URL/`)).toBe(
      "POTENTIALLY_HARMFUL_APPLICATION",
    );
    expect(testPageThreat(`${host}/`)).toBeNull();
    expect(testPageThreat("https://example.com/s/phishing.html")).toBeNull();
  });

  it("runs Google with a key, the twin without one, and nothing in production without one", () => {
    const key = "AIzaSyTestKey0123456789abcdef";
    expect(resolveSafeBrowsingSettings({ SAFE_BROWSING_API_KEY: key }, "production")).toEqual({
      provider: "google",
      apiKey: key,
      apiBase: "https://safebrowsing.googleapis.com/v4",
      timeoutMs: 3000,
    });
    expect(resolveSafeBrowsingSettings({}, "development")).toEqual({ provider: "simulated" });
    expect(resolveSafeBrowsingSettings({}, "staging")).toEqual({ provider: "simulated" });
    expect(resolveSafeBrowsingSettings({}, "production")).toEqual({ provider: "off" });
    expect(() =>
      resolveSafeBrowsingSettings({ SAFE_BROWSING_API_KEY: "short" }, "production"),
    ).toThrow(/SAFE_BROWSING_API_KEY/);
  });
});

describe("the young-account limit", () => {
  const born = new Date("2026-11-27T10:00:00Z");
  it("allows five tracked links in the first day, then lifts", () => {
    const hour = 60 * 60 * 1000;
    expect(newAccountAllowance(born, 0, new Date(born.getTime() + hour))).toEqual({
      limited: true,
      remaining: NEW_ACCOUNT_TRACKED_LINKS,
      liftsAt: new Date("2026-11-28T10:00:00Z"),
    });
    expect(newAccountAllowance(born, 7, new Date(born.getTime() + hour))).toMatchObject({
      remaining: 0,
    });
    expect(newAccountAllowance(born, 7, new Date(born.getTime() + 24 * hour))).toEqual({
      limited: false,
    });
    expect(newAccountLimitMessage(new Date("2026-11-28T10:00:00Z")).message).toContain(
      "This limit lifts at 2026-11-28 10:00 UTC",
    );
  });
});
