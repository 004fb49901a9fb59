import { describe, expect, it } from "vitest";
import { describeAudit, timeFromNow } from "../../app/workspaces/audit-text";

// The audit log in words, as the team tab shows it (issue #15).

describe("the audit log in words", () => {
  const by = { actorFirstName: "Ada", actorLastName: "Lovelace", actorEmail: "ada@example.com" };
  it.each([
    [
      "invitation.created",
      { email: "grace@example.com", role: "editor" },
      "Ada Lovelace invited grace@example.com as editor",
    ],
    [
      "member.role_changed",
      { name: "Grace Hopper", from: "editor", to: "viewer" },
      "Ada Lovelace changed the role of Grace Hopper from editor to viewer",
    ],
    [
      "member.removed",
      { name: "Grace Hopper", role: "viewer" },
      "Ada Lovelace removed Grace Hopper (viewer)",
    ],
    ["code.made_public", { title: "Menu" }, "Ada Lovelace made the code “Menu” public"],
    [
      "api_key.revoked",
      { name: "Nightly sync", email: "grace@example.com", reason: "membership" },
      "Ada Lovelace revoked the API key “Nightly sync” of grace@example.com, who no longer manages this workspace's keys",
    ],
    [
      "domain.removed",
      { name: "qr.example.com", reason: "unverified" },
      "The custom domain “qr.example.com” was removed: it was not verified within 7 days",
    ],
    [
      "webhook.added",
      { name: "https://hooks.zapier.com/hooks/1" },
      "Ada Lovelace added the webhook endpoint https://hooks.zapier.com/hooks/1",
    ],
    [
      "api_key.created",
      { name: "Print pipeline", scopes: ["codes:read", "codes:write"] },
      "Ada Lovelace created the API key “Print pipeline” (codes:read, codes:write)",
    ],
    [
      "api_key.revoked",
      { name: "Print pipeline" },
      "Ada Lovelace revoked the API key “Print pipeline”",
    ],
    [
      "plan.changed",
      { change: "trial", from: "free", to: "premium" },
      "Ada Lovelace started a Premium trial",
    ],
    [
      "plan.changed",
      { change: "upgrade", from: "premium", to: "ultimate" },
      "Ada Lovelace upgraded the plan from Premium to Ultimate",
    ],
    [
      "plan.changed",
      { change: "cancel", from: "premium", to: "free", effective: "2027-01-05T00:00:00.000Z" },
      "Ada Lovelace cancelled the Premium subscription; it ends on Jan 5, 2027",
    ],
  ] as const)("%s: %s", (action, details, sentence) => {
    expect(describeAudit({ ...by, action, details })).toBe(sentence);
  });

  it("names someone without a name by address, and someone gone as Someone", () => {
    expect(
      describeAudit({
        action: "member.left",
        details: null,
        actorFirstName: null,
        actorLastName: null,
        actorEmail: "x@example.com",
      }),
    ).toBe("x@example.com left the workspace");
    expect(
      describeAudit({
        action: "member.left",
        details: null,
        actorFirstName: null,
        actorLastName: null,
        actorEmail: null,
      }),
    ).toBe("Someone left the workspace");
  });

  it("says when, relative to now", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(timeFromNow(at(-20_000), now)).toBe("just now");
    expect(timeFromNow(at(-2 * 3600_000), now)).toBe("2 hours ago");
    expect(timeFromNow(at(-26 * 3600_000), now)).toBe("yesterday");
    expect(timeFromNow(at(7 * 86_400_000 - 5000), now)).toBe("in 7 days");
  });
});
