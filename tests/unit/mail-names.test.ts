import { describe, expect, it } from "vitest";
import { invitationMessage, MAIL_NAME_MAX, plainName } from "../../app/mail/templates";
import { DEFAULT_LOCALE } from "../../app/i18n/locales";

// Names other people chose travel in e-mails as plain one-line text of bounded length (#27).

describe("names in e-mails", () => {
  it.each([
    ["Ada Lovelace", "Ada Lovelace"],
    ["Ada\r\nBcc: victim@example.com", "Ada Bcc: victim@example.com"],
    ["\u202eevil\u200b name\t\tthere ", "evil name there"],
    ["x".repeat(61), `${"x".repeat(MAIL_NAME_MAX - 1)}…`],
    ["😀".repeat(70), `${"😀".repeat(MAIL_NAME_MAX - 1)}…`],
  ])("%j becomes %j", (name, shown) => {
    expect(plainName(name)).toBe(shown);
  });

  it("an invitation's subject and body carry the inviter, workspace and brand that way", () => {
    const message = invitationMessage({
      locale: DEFAULT_LOCALE,
      to: "grace@example.com",
      inviterName: "Ada\nClick here",
      workspaceName: "W".repeat(200),
      role: "editor",
      link: "https://qr.example.com/invite/abc",
      brand: { name: "Brand\u2028Co", accentColor: "#123456" },
    });
    expect(message.subject).toBe(
      `Ada Click here invited you to ${"W".repeat(MAIL_NAME_MAX - 1)}… on Brand Co`,
    );
    expect(message.fromName).toBe("Brand Co");
    expect(message.text).not.toContain("W".repeat(MAIL_NAME_MAX));
  });
});
