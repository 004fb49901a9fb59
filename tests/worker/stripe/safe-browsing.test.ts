import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { establishAccount, newPerson, signUp } from "../accounts";
import { generate, ORIGIN } from "../app";

// Link-safety checks with Google Safe Browsing configured (issue #31): the app's own Lookup API
// client against the local stand-in for Google (tests/fakes/safe-browsing-api.ts). Google's test
// pages and the fake's listed hosts are refused with Google's verdict (not TEST MODE); when Google
// fails or answers late, the check fails open with a log line, and the blocklist still applies.

async function tracker() {
  const { cookie, response } = await signUp({ ...newPerson("safe"), plan: "premium" });
  const { id } = await response.json<{ id: string }>();
  await establishAccount(id);
  return cookie;
}

function saveTracked(cookie: string, url: string) {
  return generate(
    {
      type: "url",
      data: { url },
      customization: { size: 256 },
      title: "Flyer",
      save: "true",
      trackScans: "true",
    },
    { cookie, headers: { Origin: ORIGIN } },
  );
}

async function lookups(): Promise<{ key: string; urls: string[] }[]> {
  return (await fetch(`${env.FAKE_SAFE_BROWSING_CONTROL_URL}/lookups`)).json();
}

describe("Google Safe Browsing, configured", () => {
  it("refuses what Google lists, naming the threat, and asks with the key", async () => {
    const cookie = await tracker();
    const phishing = await saveTracked(cookie, "https://login.listed-phishing.test/account");
    expect(phishing.status).toBe(422);
    const body = await phishing.json<{ message: string; errors: { url: string } }>();
    expect(body.message).toBe(
      "Google Safe Browsing lists this address as phishing, so a tracked code cannot lead there.",
    );
    expect(body.errors.url).toBe(body.message);
    const test = await saveTracked(cookie, "https://testsafebrowsing.appspot.com/s/unwanted.html");
    expect((await test.json<{ message: string }>()).message).toContain("as unwanted software,");
    const apiTest = await saveTracked(
      cookie,
      "https://testsafebrowsing.appspot.com/apiv4/ANY_PLATFORM/MALWARE/URL/",
    );
    expect(apiTest.status).toBe(422);

    expect((await saveTracked(cookie, "https://example.com/fine")).status).toBe(200);
    const asked = (await lookups()).flatMap((lookup) =>
      lookup.urls.map((url) => ({ key: lookup.key, url })),
    );
    expect(asked).toContainEqual({
      key: "AIzaSyFakeSafeBrowsingKey0123456789",
      url: "https://login.listed-phishing.test/account",
    });
    expect(asked.map((entry) => entry.url)).toContain("https://example.com/fine");
  });

  it("fails open with a log line when Google errs or is slow; the blocklist still applies", async () => {
    const cookie = await tracker();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect((await saveTracked(cookie, "https://outage.example.com/menu")).status).toBe(200);
      const started = Date.now();
      expect((await saveTracked(cookie, "https://slow.example.com/menu")).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(4000);
      const events = warn.mock.calls.map((args) => JSON.parse(String(args[0])).event);
      expect(events.filter((event) => event === "safe_browsing_failed_open")).toHaveLength(2);
    } finally {
      warn.mockRestore();
    }
    // The maintained list is checked first, so an outage never lets a listed domain through.
    const listed = await saveTracked(cookie, "https://outage.wicar.org/");
    expect(listed.status).toBe(422);
    expect((await listed.json<{ message: string }>()).message).toContain(
      "This address is on our list of unsafe sites",
    );
  });
});
