import { describe, expect, it } from "vitest";
import {
  cachedZoneCount,
  canonicalZone,
  checkWebAddress,
  formatInZone,
  isShortLink,
  isTimeZone,
  LOOP_MESSAGE,
  leadsBackToUs,
  leadsTo,
  MAX_CACHED_ZONES,
  timeZones,
  utcToZonedInput,
  zonedTimeToUtc,
} from "../../app/destinations/destination";
import { isOwnHost } from "../../app/domains/own-host";
import { canEditDestination, DESTINATION_PLANS } from "../../app/plans/rules";
import { describeAudit } from "../../app/workspaces/audit-text";

// Dynamic codes (issue #21), the pure part: what a destination may be, the loop guard, where a
// link leads around its scheduled change, and wall-clock times in a time zone to and from UTC.

describe("a destination", () => {
  it("follows the generator's rules and messages", () => {
    expect(checkWebAddress("example.com/menu")).toEqual({
      ok: true,
      url: "https://example.com/menu",
    });
    expect(checkWebAddress("http://example.com")).toEqual({ ok: true, url: "http://example.com" });
    for (const bad of ["ftp://example.com", "javascript:alert(1)", "https://exa mple.com"]) {
      expect(checkWebAddress(bad)).toEqual({
        ok: false,
        message: "Enter a valid web address, like https://example.com",
      });
    }
    expect(checkWebAddress("")).toEqual({ ok: false, message: "Enter a website address" });
    expect(LOOP_MESSAGE).toContain("redirect to itself");
  });

  it("is never one of our short links: /s/ on our hosts, or anything on a custom domain", () => {
    const own = (hostname: string) => isOwnHost(hostname, "qr.example.com");
    expect(isShortLink("https://qr.example.com/s/AbCdEf1234", own)).toBe(true);
    expect(isShortLink("https://WWW.QR.EXAMPLE.COM/s/AbCdEf1234?x=1", own)).toBe(true);
    expect(isShortLink("http://qr.example.com./s/AbCdEf1234", own)).toBe(true);
    expect(isShortLink("https://qr.example.com/pricing", own)).toBe(false);
    expect(isShortLink("https://example.com/s/AbCdEf1234", own)).toBe(false);
    // The custom-host router's rule: the workers.dev hostname and local names serve links too.
    expect(isShortLink("https://qr-code-creator.someone.workers.dev/s/AbCdEf1234", own)).toBe(true);
    expect(isShortLink("http://localhost:5173/s/AbCdEf1234", own)).toBe(true);
    // The router decodes each path segment and ignores case: these reach the scan route too.
    for (const path of ["/%73/AbCdEf1234", "/%53/AbCdEf1234", "/S/AbCdEf1234", "//s/AbCdEf1234"]) {
      expect(isShortLink(`https://qr.example.com${path}`, own), path).toBe(true);
    }
    // A malformed escape is matched as it stands (as the router does): a page, not a short link.
    expect(isShortLink("https://qr.example.com/%E0%A4%A/s/AbCdEf1234", own)).toBe(false);
    expect(isShortLink("https://qr.example.com/%zz/AbCdEf1234", own)).toBe(false);
    expect(isShortLink("https://qr.example.com/s%2FAbCdEf1234", own)).toBe(false);
    const custom = (hostname: string) => hostname === "go.brand.test";
    expect(isShortLink("https://go.brand.test/AbCdEf1234", own, custom)).toBe(true);
    expect(isShortLink("https://go.brand.test/", own, custom)).toBe(true);
    expect(isShortLink("https://brand.test/", own, custom)).toBe(false);
  });

  it("never leads back into this service, however it is written (issue #27)", () => {
    const hosts = {
      configured: (name: string) => ["qr.example.com", "www.qr.example.com"].includes(name),
      serving: (name: string) => isOwnHost(name, "qr.example.com"),
      custom: (name: string) => name === "go.brand.test",
    };
    for (const url of [
      "https://qr.example.com/s/AbCdEf1234",
      "https://qr.example.com/pricing",
      "https://QR.EXAMPLE.COM./auth?redirect=/s/AbCdEf1234",
      "https://user@www.qr.example.com:8443/",
      "https://go.brand.test/AbCdEf1234",
      "https://x.someone.workers.dev/s/AbCdEf1234",
      "https://x.someone.workers.dev/signin?Redirect=%2Fs%2FAbCdEf1234",
      "http://127.0.0.1:8787/%73/AbCdEf1234",
    ]) {
      expect(leadsBackToUs(url, hosts), url).toBe(true);
    }
    for (const url of [
      "https://example.com/s/AbCdEf1234",
      "https://example.com/?redirect=https://qr.example.com/s/AbCdEf1234",
      "https://x.someone.workers.dev/menu",
      "https://brand.test/",
      "https://qr.example.com.evil.test/s/AbCdEf1234",
    ]) {
      expect(leadsBackToUs(url, hosts), url).toBe(false);
    }
  });
});

describe("where a link leads", () => {
  const next = { url: "https://example.com/shop", at: 1_000 };
  it("switches to its scheduled destination exactly when it is due", () => {
    expect(leadsTo("https://example.com/menu", next, 999)).toBe("https://example.com/menu");
    expect(leadsTo("https://example.com/menu", next, 1_000)).toBe("https://example.com/shop");
    expect(leadsTo("https://example.com/menu", null, 5_000)).toBe("https://example.com/menu");
  });

  it("changes only on the plans that track scans", () => {
    expect(DESTINATION_PLANS).toEqual(["premium", "ultimate"]);
    expect(canEditDestination("premium")).toEqual({ ok: true });
    expect(canEditDestination("free")).toMatchObject({
      ok: false,
      message: expect.stringContaining("comes with Premium and Ultimate"),
    });
  });
});

describe("a scheduled time", () => {
  it("is read in the editor's time zone and kept in UTC", () => {
    expect(zonedTimeToUtc("2026-07-01T17:00", "Europe/Berlin")).toBe(Date.UTC(2026, 6, 1, 15));
    expect(zonedTimeToUtc("2026-12-24T17:00", "Europe/Berlin")).toBe(Date.UTC(2026, 11, 24, 16));
    expect(zonedTimeToUtc("2026-12-24T17:00", "America/New_York")).toBe(Date.UTC(2026, 11, 24, 22));
    expect(zonedTimeToUtc("2026-12-24T17:00", "UTC")).toBe(Date.UTC(2026, 11, 24, 17));
    expect(zonedTimeToUtc("2026-12-24T17:00:30", "Asia/Kolkata")).toBe(
      Date.UTC(2026, 11, 24, 11, 30, 30),
    );
  });

  it("survives clock changes: a skipped time moves on by the gap, a repeated one is the first", () => {
    // Berlin springs forward 02:00 → 03:00 on 29 March 2026: 02:30 does not exist.
    expect(zonedTimeToUtc("2026-03-29T02:30", "Europe/Berlin")).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // It falls back 03:00 → 02:00 on 25 October 2026: 02:30 happens twice, first in summer time.
    expect(zonedTimeToUtc("2026-10-25T02:30", "Europe/Berlin")).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });

  it("refuses what is not a time, or not a zone", () => {
    expect(zonedTimeToUtc("2026-02-30T10:00", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2026-02-10T24:00", "UTC")).toBeNull();
    expect(zonedTimeToUtc("tomorrow at five", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2026-02-10T10:00", "Mars/Olympus")).toBeNull();
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("")).toBe(false);
    // Minutes or seconds past 59 would carry over (17:99 is not 18:39).
    expect(zonedTimeToUtc("2026-02-10T17:99", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2026-02-10T17:60", "Europe/Berlin")).toBeNull();
    expect(zonedTimeToUtc("2026-02-10T17:59:60", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2026-02-10T23:59:59", "UTC")).toBe(Date.UTC(2026, 1, 10, 23, 59, 59));
  });

  it("names a zone as the runtime spells it, and keeps one formatter per zone, a bounded few", () => {
    expect(canonicalZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalZone("AMERICA/NEW_YORK")).toBe("America/New_York");
    expect(canonicalZone("Mars/Olympus")).toBeNull();
    const at = Date.UTC(2026, 6, 1, 15);
    utcToZonedInput(at, "Europe/Berlin");
    const before = cachedZoneCount();
    // Every letter case of one zone: the same formatter, not another entry each.
    for (let variant = 0; variant < 300; variant += 1) {
      const zone = [..."europe/berlin"]
        .map((char, i) => ((variant >> i) & 1 ? char.toUpperCase() : char))
        .join("");
      expect(utcToZonedInput(at, zone)).toBe("2026-07-01T17:00");
    }
    expect(cachedZoneCount()).toBe(before);
    for (const zone of timeZones().slice(0, MAX_CACHED_ZONES + 20)) utcToZonedInput(at, zone);
    expect(cachedZoneCount()).toBe(MAX_CACHED_ZONES);
  });

  it("is shown as the editor wrote it, with the zone named", () => {
    const at = Date.UTC(2026, 6, 1, 15);
    expect(utcToZonedInput(at, "Europe/Berlin")).toBe("2026-07-01T17:00");
    expect(formatInZone(at, "Europe/Berlin")).toBe("Jul 1, 2026, 5:00 PM (Europe/Berlin)");
    expect(formatInZone(at, "UTC")).toBe("Jul 1, 2026, 3:00 PM (UTC)");
  });
});

describe("the audit log of destinations", () => {
  const by = { actorFirstName: "Ada", actorLastName: "Lovelace", actorEmail: "ada@example.com" };
  it("tells who changed, scheduled and cancelled what", () => {
    expect(
      describeAudit({
        ...by,
        action: "destination.changed",
        details: { title: "Menu", from: "https://a.example", to: "https://b.example" },
      }),
    ).toBe("Ada Lovelace changed where “Menu” leads from https://a.example to https://b.example");
    expect(
      describeAudit({
        ...by,
        action: "destination.scheduled",
        details: { title: "Menu", to: "https://b.example", effective: "2026-07-01T15:00:00.000Z" },
      }),
    ).toBe(
      "Ada Lovelace scheduled “Menu” to lead to https://b.example from Jul 1, 2026, 3:00 PM UTC",
    );
    expect(
      describeAudit({
        actorFirstName: null,
        actorLastName: null,
        actorEmail: null,
        action: "destination.schedule_cancelled",
        details: { title: "Menu", to: "https://b.example", reason: "plan" },
      }),
    ).toBe(
      "The scheduled change of “Menu” to https://b.example was cancelled: the workspace's plan no longer includes changing destinations",
    );
  });
});
