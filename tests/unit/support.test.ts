import { describe, expect, it } from "vitest";
import { SUPPORT_CATEGORY_IDS, SUPPORT_CATEGORY_LABELS } from "../../app/support/categories";
import {
  awaitsPromisedReply,
  compareForInbox,
  firstResponseDue,
  formatInZone,
  formatUtc,
  isOverdue,
  nextStatus,
} from "../../app/support/rules";
import { newTicketSchema, replySchema } from "../../app/support/schemas";
import { isStaff, resolveSupportSettings } from "../../app/support/settings";
import type { SupportStatus } from "../../app/db/schema";

// Priority support's rules (issue #19): what each plan promises, how a ticket moves, what the
// staff inbox puts first, who is staff.

const opened = new Date("2026-11-25T14:05:00Z");
const hours = (n: number) => new Date(opened.getTime() + n * 3_600_000);

describe("the promised first response", () => {
  it("is 24 hours on Premium, 6 on Ultimate, and none on Free", () => {
    expect(firstResponseDue("premium", opened)).toEqual({ responseHours: 24, dueAt: hours(24) });
    expect(firstResponseDue("ultimate", opened)).toEqual({ responseHours: 6, dueAt: hours(6) });
    expect(firstResponseDue("free", opened)).toEqual({ responseHours: null, dueAt: null });
  });

  it("is said unambiguously in UTC without JavaScript, and in the reader's zone with it", () => {
    expect(formatUtc(hours(24))).toBe("26 Nov 2026, 14:05 UTC");
    expect(formatInZone(hours(24), "Europe/Berlin")).toBe("26 Nov 2026, 15:05 CET");
    expect(formatInZone(hours(24), "Asia/Kolkata")).toMatch(/^26 Nov 2026, 19:35 GMT\+5:30$/);
  });
});

const ticket = (
  status: SupportStatus,
  dueAt: Date | null,
  extra: { firstResponseAt?: Date | null; createdAt?: Date; updatedAt?: Date } = {},
) => ({
  status,
  dueAt,
  firstResponseAt: extra.firstResponseAt ?? null,
  createdAt: extra.createdAt ?? opened,
  updatedAt: extra.updatedAt ?? opened,
});

describe("a ticket's status", () => {
  it("is answered after staff reply, open after the person replies, closed when closed", () => {
    expect(nextStatus("open", "staff-reply")).toBe("answered");
    expect(nextStatus("answered", "customer-reply")).toBe("open");
    expect(nextStatus("closed", "customer-reply")).toBe("open");
    expect(nextStatus("answered", "close")).toBe("closed");
  });

  it("is overdue from its due time until the first staff reply, unless closed", () => {
    const due = ticket("open", hours(6));
    expect(isOverdue(due, hours(5.9))).toBe(false);
    expect(isOverdue(due, hours(6))).toBe(true);
    expect(isOverdue(ticket("open", hours(6), { firstResponseAt: hours(1) }), hours(7))).toBe(
      false,
    );
    expect(isOverdue(ticket("closed", hours(6)), hours(7))).toBe(false);
    expect(isOverdue(ticket("open", null), hours(1000))).toBe(false);
  });

  it('shows "Response due by" only while a promised first reply is awaited', () => {
    expect(awaitsPromisedReply(ticket("open", hours(24)))).toBe(true);
    expect(awaitsPromisedReply(ticket("open", null))).toBe(false);
    expect(awaitsPromisedReply(ticket("answered", hours(24), { firstResponseAt: hours(1) }))).toBe(
      false,
    );
  });
});

describe("the staff inbox", () => {
  it("puts waiting tickets first, earliest due at the top, community ones after, then the rest", () => {
    const rows = {
      closed: ticket("closed", hours(1)),
      answered: ticket("answered", hours(2), { firstResponseAt: hours(1) }),
      community: ticket("open", null),
      premium: ticket("open", hours(24)),
      overdue: ticket("open", hours(-1)),
      ultimate: ticket("open", hours(6)),
    };
    const order = Object.entries(rows)
      .sort(([, a], [, b]) => compareForInbox(a, b))
      .map(([name]) => name);
    expect(order).toEqual(["overdue", "ultimate", "premium", "community", "answered", "closed"]);
  });
});

describe("the forms", () => {
  const valid = { subject: "Scans missing", category: "codes", message: "Since Monday." };

  it("take a subject of 1-150 characters, a listed category and a message of 1-5000", () => {
    expect(newTicketSchema.safeParse(valid).success).toBe(true);
    expect(newTicketSchema.safeParse({ ...valid, subject: "x".repeat(151) }).success).toBe(false);
    expect(newTicketSchema.safeParse({ ...valid, subject: "  " }).success).toBe(false);
    expect(newTicketSchema.safeParse({ ...valid, category: "refund" }).success).toBe(false);
    const code = newTicketSchema.safeParse({ ...valid, code: "abc" });
    expect(code.success ? null : code.error.issues[0]!.message).toBe(
      "Choose one of this workspace's codes, or none.",
    );
    expect(replySchema.safeParse({ message: "x".repeat(5001) }).success).toBe(false);
    expect(replySchema.safeParse({ message: "x".repeat(5000) }).success).toBe(true);
  });

  it("offer the five categories of the issue", () => {
    expect(SUPPORT_CATEGORY_IDS.map((id) => SUPPORT_CATEGORY_LABELS[id])).toEqual([
      "Codes and scanning",
      "Billing and plans",
      "Account and sign-in",
      "Teams and workspaces",
      "Something else",
    ]);
  });
});

describe("staff", () => {
  const settings = resolveSupportSettings({
    STAFF_EMAILS: " Support-Staff@qrcodecreator.app, help@example.com ",
  });

  it("are the listed addresses, in any case, once verified", () => {
    expect(
      isStaff(settings, { email: "support-staff@QRCODECREATOR.app", emailVerified: true }),
    ).toBe(true);
    expect(isStaff(settings, { email: "help@example.com", emailVerified: false })).toBe(false);
    expect(isStaff(settings, { email: "ada@example.com", emailVerified: true })).toBe(false);
    expect(settings.supportEmail).toBe("support@qrcodecreator.app");
  });

  it("are nobody when STAFF_EMAILS is empty, and a wrong setting is named", () => {
    expect(resolveSupportSettings({}).staffEmails.size).toBe(0);
    expect(() => resolveSupportSettings({ STAFF_EMAILS: "not-an-address" })).toThrow(
      /STAFF_EMAILS/,
    );
    expect(() => resolveSupportSettings({ SUPPORT_EMAIL: "nope" })).toThrow(/SUPPORT_EMAIL/);
  });
});
