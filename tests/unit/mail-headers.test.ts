import { describe, expect, it } from "vitest";
import { headerSafe } from "../../app/mail/message";

// The mailer's last line behind the forms (issue #27, item 8): whatever reached a message, its
// recipient, subject and sender's name leave on one line.

describe("headerSafe", () => {
  it("puts the subject, the sender's name and the recipient on one line; bodies stay as written", () => {
    const safe = headerSafe({
      to: "ada@example.com\r\n",
      subject: "Re: Help\r\nBcc: x@evil.test",
      fromName: "Ada's\u0000 Bakery\u2028Reply-To: x@evil.test",
      text: "Line one\nLine two",
      html: "<p>Hi</p>\n",
      links: [],
    });
    expect(safe).toEqual({
      to: "ada@example.com",
      subject: "Re: Help Bcc: x@evil.test",
      fromName: "Ada's Bakery Reply-To: x@evil.test",
      text: "Line one\nLine two",
      html: "<p>Hi</p>\n",
      links: [],
    });
  });
});
