import { describe, expect, it } from "vitest";
import { workspaceLabel } from "../../app/workspaces/personal";
import { inviteVerdict, seatSummary } from "../../app/workspaces/seats";

// Seats and workspace names, as the team tab says them (issue #15).

describe("seats", () => {
  it("counts members and pending invitations against the workspace plan's seats", () => {
    expect(seatSummary("premium", { members: 3, pending: 0 })).toBe("3 of 5 seats used");
    expect(seatSummary("free", { members: 1, pending: 0 })).toBe("1 of 1 seat used");
    expect(inviteVerdict("premium", { members: 1, pending: 3 }, true)).toEqual({ ok: true });
    expect(inviteVerdict("ultimate", { members: 24, pending: 0 }, true)).toEqual({ ok: true });
  });

  it("refuses the 6th Premium seat with the way up", () => {
    expect(inviteVerdict("premium", { members: 1, pending: 4 }, true)).toEqual({
      ok: false,
      upgradeTo: "ultimate",
      reason: "full",
      limit: 5,
      members: 1,
      message:
        "Your Premium plan includes 5 seats, and all 5 are used (members and pending invitations of all your workspaces, each person once). Upgrade to Ultimate for up to 25, or remove someone first.",
    });
    expect(inviteVerdict("premium", { members: 5, pending: 0 }, false)).toMatchObject({
      message: expect.stringMatching(/^This workspace's Premium plan includes 5 seats/),
    });
    expect(inviteVerdict("ultimate", { members: 20, pending: 5 }, true)).toEqual({
      ok: false,
      upgradeTo: null,
      reason: "full",
      limit: 25,
      members: 20,
      message:
        "Your Ultimate plan includes 25 seats, and all 25 are used (members and pending invitations of all your workspaces, each person once). Remove someone or revoke an invitation first.",
    });
  });

  it("on Free, says that team members need a paid plan", () => {
    expect(inviteVerdict("free", { members: 1, pending: 0 }, true)).toEqual({
      ok: false,
      upgradeTo: "premium",
      reason: "single",
      limit: 1,
      members: 1,
      message: "Team members need Premium or Ultimate. The Free plan has one seat: the owner's.",
    });
  });

  it("after a downgrade below the members, removes nobody and explains why invitations wait", () => {
    expect(inviteVerdict("premium", { members: 7, pending: 0 }, true)).toEqual({
      ok: false,
      upgradeTo: "ultimate",
      reason: "over",
      limit: 5,
      members: 7,
      message:
        "This team has 7 members, more than the 5 seats of the Premium plan. Nobody has been removed, but new invitations wait until the team fits: upgrade to Ultimate for up to 25, or remove members first.",
    });
  });
});

describe("workspace names", () => {
  const owner = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
  const personal = { name: "Personal", personal: true, ownerId: "ada" };
  it("calls someone else's unnamed personal workspace by its owner's name", () => {
    expect(workspaceLabel(personal, owner, "ada")).toBe("Personal");
    expect(workspaceLabel(personal, owner, "grace")).toBe("Ada Lovelace's workspace");
    expect(workspaceLabel(personal, owner, null)).toBe("Ada Lovelace's workspace");
    expect(workspaceLabel({ ...personal, name: "Lovelace & Co" }, owner, "grace")).toBe(
      "Lovelace & Co",
    );
    expect(
      workspaceLabel({ name: "Studio", personal: false, ownerId: "ada" }, owner, "grace"),
    ).toBe("Studio");
  });
});
