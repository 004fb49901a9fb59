import { describe, expect, it } from "vitest";
import { devicePhrase, deviceSummary } from "../../app/auth/device";
import { english, inLanguage } from "./phrases";
import { signInMethods } from "../../app/accounts/sign-in-methods";
import { describeAudit } from "../../app/workspaces/audit-text";
import {
  sessionLimitLabel,
  sessionLimitOption,
  signInTooOld,
} from "../../app/workspaces/session-limit";

// Issue #31's pure parts: what a session's browser is called, the sign-in methods, and the
// workspace's session-length rule.

describe("a session's device", () => {
  it("names the browser and the system the way people do", () => {
    expect(
      deviceSummary(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on macOS");
    expect(
      deviceSummary(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Mobile Safari on iOS");
    expect(
      deviceSummary(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
      ),
    ).toBe("Firefox on Windows");
    expect(deviceSummary(null)).toBe("Unknown device");
    expect(deviceSummary("curl/8.5.0")).toBe("Unknown device");
  });
});

describe("the sign-in methods", () => {
  const providerLabel = (provider: string) => (provider === "google" ? "Google" : "Platform");
  it("says whether a password is set and which providers are connected", () => {
    const connectedAt = new Date("2026-01-02T03:04:05Z");
    expect(
      signInMethods({
        hasPassword: false,
        identities: [
          { provider: "google", connectedAt },
          { provider: "email", connectedAt },
        ],
        providerLabel,
        twoFactorSince: null,
        passkeys: 2,
      }),
    ).toEqual([
      {
        id: "password",
        label: "Password",
        status: "Not set",
        enabled: false,
        since: null,
        labelPhrase: { id: "account.signIns.password" },
        statusPhrase: { id: "account.signIns.notSet" },
      },
      {
        id: "google",
        label: "Google",
        status: "Connected",
        enabled: true,
        since: connectedAt.toISOString(),
        statusPhrase: { id: "account.signIns.connected" },
      },
      {
        id: "passkeys",
        label: "Passkeys",
        status: "2 passkeys",
        enabled: true,
        since: null,
        labelPhrase: { id: "account.signIns.passkeys" },
        statusPhrase: { id: "account.signIns.passkeyCount", values: { count: 2 } },
      },
      {
        id: "two-factor",
        label: "Two-factor sign-in (authenticator app)",
        status: "Off",
        enabled: false,
        since: null,
        labelPhrase: { id: "account.signIns.twoFactor" },
        statusPhrase: { id: "account.signIns.off" },
      },
    ]);
  });
});

describe("a workspace's session length limit", () => {
  const hour = 3600 * 1000;
  it("refuses a sign-in older than the limit, and nothing without one", () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(signInTooOld(now - 8 * hour - 1, 8 * 3600, now)).toBe(true);
    expect(signInTooOld(now - 8 * hour, 8 * 3600, now)).toBe(false);
    expect(signInTooOld(0, null, now)).toBe(false);
  });

  it("offers only its choices, and says them in words", () => {
    expect(sessionLimitOption("7d")?.seconds).toBe(7 * 24 * 3600);
    expect(sessionLimitOption("none")?.seconds).toBeNull();
    expect(sessionLimitOption("5m")).toBeNull();
    expect(sessionLimitLabel(3600)).toBe("1 hour");
    expect(sessionLimitLabel(null)).toBe("No limit");
    expect(sessionLimitLabel(2 * 3600)).toBe("2 hours");
  });

  it("is in the audit log in words", () => {
    const entry = {
      actorFirstName: "Ada",
      actorLastName: "Lovelace",
      actorEmail: null,
      details: { from: "No limit", to: "8 hours" },
    };
    expect(describeAudit({ ...entry, action: "workspace.session_limit_changed" })).toBe(
      "Ada Lovelace changed the session length limit from No limit to 8 hours",
    );
    expect(
      describeAudit({ ...entry, action: "session.ended", details: { name: "Chrome on macOS" } }),
    ).toBe("Ada Lovelace ended the session of Chrome on macOS");
  });
});

describe("a stored device summary in another language (issue #32)", () => {
  it("has a phrase whose English is the summary, names kept as they are", () => {
    for (const summary of ["Chrome on macOS", "A browser on Linux", "Unknown device"]) {
      expect(english(devicePhrase(summary)!)).toBe(summary);
    }
    expect(inLanguage("de", devicePhrase("Firefox on Windows")!)).toBe("Firefox unter Windows");
    expect(inLanguage("ja", devicePhrase("Unknown device")!)).toBe("不明なデバイス");
  });

  it("leaves a summary it does not know as it is", () => {
    expect(devicePhrase("Safari")).toBeNull();
  });
});
