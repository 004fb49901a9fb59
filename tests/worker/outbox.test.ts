import { describe, expect, it } from "vitest";
import { getMailSettings, sendMail } from "../../app/mail/mailer.server";
import { resetPasswordMessage, verifyEmailMessage } from "../../app/mail/templates";
import { DEFAULT_LOCALE } from "../../app/i18n/locales";
import { appFetch } from "./app";
import { outbox } from "./mail";

// Local runs have no mail provider: every e-mail lands in the outbox, which /dev/mail shows.

describe("the local outbox at /dev/mail", () => {
  it("keeps every e-mail of a local run, newest first, as JSON with its links", async () => {
    expect(getMailSettings().provider).toBe("outbox");
    const first = verifyEmailMessage({
      locale: DEFAULT_LOCALE,
      to: "first@example.com",
      firstName: "Ada",
      link: "https://qr.example.com/verify-email?token=one",
    });
    const second = resetPasswordMessage({
      locale: DEFAULT_LOCALE,
      to: "second@example.com",
      firstName: null,
      link: "https://qr.example.com/reset-password?token=two",
    });
    expect(await sendMail(first)).toBe("sent");
    expect(await sendMail(second)).toBe("sent");

    const mails = await outbox();
    expect(mails.slice(0, 2).map(({ to, subject, links }) => ({ to, subject, links }))).toEqual([
      { to: second.to, subject: second.subject, links: [second.links[0]] },
      { to: first.to, subject: first.subject, links: [first.links[0]] },
    ]);
    expect(mails[0]).toMatchObject({ text: second.text, html: second.html });
    expect(Date.parse(mails[0]!.sentAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("shows the outbox as a page labelled TEST MODE, with each link to click", async () => {
    const message = verifyEmailMessage({
      locale: DEFAULT_LOCALE,
      to: "page@example.com",
      firstName: "<b>Grace</b>",
      link: "https://qr.example.com/verify-email?token=page",
    });
    await sendMail(message);
    const response = await appFetch("/dev/mail");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("TEST MODE");
    expect(html).toContain(message.subject);
    expect(html).toContain('href="https://qr.example.com/verify-email?token=page"');
    // What a message says is shown as text, never run as markup.
    expect(html).not.toContain("<b>Grace</b>");
  });
});

describe("mail templates", () => {
  it("escape what people typed in the HTML part and keep the link in both parts", () => {
    const message = verifyEmailMessage({
      locale: DEFAULT_LOCALE,
      to: "x@example.com",
      firstName: '<img src=x onerror="alert(1)">',
      link: "https://qr.example.com/verify-email?token=a&b=<c>",
    });
    expect(message.html).not.toContain("<img src=x");
    expect(message.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(message.html).toContain(
      'href="https://qr.example.com/verify-email?token=a&amp;b=&lt;c&gt;"',
    );
    expect(message.text).toContain("https://qr.example.com/verify-email?token=a&b=<c>");
  });
});
