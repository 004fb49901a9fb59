import { serverI18n } from "../i18n/catalog.server";
import { DEFAULT_LOCALE, type Locale, localeByCode } from "../i18n/locales";
import { escapeHtml } from "../security/escape-html";
import type { MailMessage } from "./message";

// Every e-mail the product sends, as pure functions: a plain-text part, an HTML part built from
// the same paragraphs (every value escaped), and the links it carries. Each is written in the
// recipient's language (issue #32, namespace "mail"); values other people typed stay as typed.

const PRODUCT = "QR Code Creator";

/** The most characters of a name (a person's, a workspace's, a brand's) an e-mail carries. */
export const MAIL_NAME_MAX = 60;

/**
 * A name that other people chose, as an e-mail may carry it: plain text on one line, without
 * control or invisible formatting characters (line breaks, bidirectional overrides, zero-width
 * marks), and at most MAIL_NAME_MAX characters, so that it cannot pose as the message.
 */
export function plainName(name: string, max = MAIL_NAME_MAX): string {
  const flat = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...flat];
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * The language an account's e-mails are written in: the one it chose (`users.language`), else
 * English. The pseudo-locale never reaches an inbox.
 */
export function recipientLocale(language: string | null | undefined): Locale {
  return localeByCode(language) ?? DEFAULT_LOCALE;
}

type MailT = (id: string, values?: Record<string, unknown>) => string;

// The same translator as i18n/locale.server.ts's `translatorFor`, without its request helpers
// (which import the Worker's bindings): the templates also run in plain Node unit tests.
function mailT(locale: Locale): MailT {
  const i18n = serverI18n(locale);
  return (id, values) => i18n._(id, { product: PRODUCT, ...values });
}

interface Layout {
  locale: Locale;
  to: string;
  subject: string;
  greetingName: string | null;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Said after the button, e.g. how long the link works. */
  after?: string[];
  /** A workspace's white-label brand, signing instead of this service (issue #18). */
  brand?: MailBrand;
}

export interface MailBrand {
  name: string;
  accentColor: string;
}

function compose({
  locale,
  to,
  subject,
  greetingName,
  paragraphs,
  action,
  after = [],
  brand,
}: Layout): MailMessage {
  const brandName = brand ? plainName(brand.name) : null;
  const signature = brandName ?? PRODUCT;
  const button = brand?.accentColor ?? "#1d4ed8";
  const t = mailT(locale);
  const greeting = greetingName
    ? t("mail.greeting.named", { name: greetingName })
    : t("mail.greeting.anonymous");
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...after,
    `— ${signature}`,
  ].join("\n\n");
  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale.code}" dir="${locale.dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,sans-serif;color:#0f172a">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`,
    paragraph(greeting),
    ...paragraphs.map(paragraph),
    action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${button};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
        paragraph(t("mail.copyLink", { url: action.url }))
      : "",
    ...after.map(paragraph),
    `<p style="margin:24px 0 0;color:#475569">— ${escapeHtml(signature)}</p>`,
    `</div></body></html>`,
  ].join("");
  return {
    to,
    subject,
    text,
    html,
    links: action ? [action.url] : [],
    ...(brandName ? { fromName: brandName } : {}),
  };
}

interface Person {
  /** The recipient's language: `recipientLocale(user.language)`. */
  locale: Locale;
  to: string;
  firstName: string | null;
}

export function verifyEmailMessage({ locale, to, firstName, link }: Person & { link: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.verify.subject"),
    greetingName: firstName,
    paragraphs: [t("mail.verify.body", { email: to })],
    action: { label: t("mail.verify.action"), url: link },
    after: [t("mail.verify.after")],
  });
}

export function resetPasswordMessage({ locale, to, firstName, link }: Person & { link: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.reset.subject"),
    greetingName: firstName,
    paragraphs: [t("mail.reset.body")],
    action: { label: t("mail.reset.action"), url: link },
    after: [t("mail.reset.after")],
  });
}

export function passwordChangedMessage({
  locale,
  to,
  firstName,
  forgotLink,
}: Person & { forgotLink: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.passwordChanged.subject"),
    greetingName: firstName,
    paragraphs: [t("mail.passwordChanged.body"), t("mail.passwordChanged.notYou")],
    action: { label: t("mail.passwordChanged.action"), url: forgotLink },
  });
}

export function emailChangeConfirmMessage({
  locale,
  to,
  firstName,
  link,
}: Person & { link: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.emailChange.subject"),
    greetingName: firstName,
    paragraphs: [t("mail.emailChange.body", { email: to })],
    action: { label: t("mail.emailChange.action"), url: link },
    after: [t("mail.emailChange.after")],
  });
}

export function emailChangeNoticeMessage({
  locale,
  to,
  firstName,
  newEmail,
}: Person & { newEmail: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.emailNotice.subject"),
    greetingName: firstName,
    paragraphs: [t("mail.emailNotice.body", { email: newEmail }), t("mail.emailNotice.notYou")],
  });
}

/** After each payment (issue #29 item 5): what was paid, for what, and where the receipt is. */
export function receiptMessage({
  locale,
  to,
  firstName,
  number,
  description,
  amount,
  paidOn,
  link,
}: Person & {
  number: string;
  description: string;
  /** Already written the recipient's way (USD through Intl in their language). */
  amount: string;
  paidOn: Date;
  link: string;
}) {
  const t = mailT(locale);
  const date = new Intl.DateTimeFormat(locale.code === "en" ? "en-US" : locale.code, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(paidOn);
  return compose({
    locale,
    to,
    subject: t("mail.receipt.subject", { number }),
    greetingName: firstName,
    paragraphs: [
      t("mail.receipt.body", { amount, date, description }),
      t("mail.receipt.number", { number }),
    ],
    action: { label: t("mail.receipt.action"), url: link },
    after: [t("mail.receipt.after")],
  });
}

export function accountDeletedMessage({ locale, to, firstName }: Person) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.deleted.subject"),
    greetingName: firstName,
    paragraphs: [t("mail.deleted.body"), t("mail.deleted.static"), t("mail.deleted.thanks")],
  });
}

export function invitationMessage({
  locale,
  to,
  inviterName,
  workspaceName,
  role,
  link,
  brand,
}: {
  /** The invitee's language: their account's, else the language of the page the inviter used. */
  locale: Locale;
  to: string;
  inviterName: string;
  workspaceName: string;
  role: string;
  link: string;
  /** The workspace's white-label brand: the e-mail names it instead of this service. */
  brand?: MailBrand;
}) {
  const t = mailT(locale);
  const on = brand ? plainName(brand.name) : PRODUCT;
  const inviter = plainName(inviterName);
  const workspace = plainName(workspaceName);
  return compose({
    locale,
    to,
    brand,
    subject: t("mail.invite.subject", { inviter, workspace, on }),
    greetingName: null,
    paragraphs: [
      t("mail.invite.body", { inviter, workspace, on, role }),
      t("mail.invite.signIn", { email: to }),
    ],
    action: { label: t("mail.invite.action"), url: link },
    after: [t("mail.invite.after")],
  });
}

export function bulkDoneMessage({
  locale,
  to,
  firstName,
  fileName,
  made,
  failed,
  link,
}: Person & { fileName: string; made: number; failed: number; link: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.bulkDone.subject", { made, file: fileName }),
    greetingName: firstName,
    paragraphs: [
      t("mail.bulkDone.body", { made, file: fileName }),
      ...(failed > 0 ? [t("mail.bulkDone.failed", { failed })] : []),
    ],
    action: { label: t("mail.bulkDone.action"), url: link },
    after: [t("mail.bulkDone.after")],
  });
}

export function bulkFailedMessage({
  locale,
  to,
  firstName,
  fileName,
  link,
}: Person & { fileName: string; link: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.bulkFailed.subject", { file: fileName }),
    greetingName: firstName,
    paragraphs: [t("mail.bulkFailed.body", { file: fileName }), t("mail.bulkFailed.retry")],
    action: { label: t("mail.bulkFailed.action"), url: link },
  });
}

/** A pending scheduled change of a code's destination was dropped by a downgrade (issue #21). */
export function scheduleCancelledMessage({
  locale,
  to,
  firstName,
  title: titled,
  url,
  current,
  unsafe = null,
}: Person & {
  /** The code's title; null: untitled. */
  title: string | null;
  url: string;
  current: string;
  /** Why the destination was refused when it was due (issue #31); null: the plan changed. */
  unsafe?: string | null;
}) {
  const t = mailT(locale);
  const title = titled ?? t("mail.schedule.untitled");
  return compose({
    locale,
    to,
    subject: t("mail.schedule.subject", { title }),
    greetingName: firstName,
    paragraphs: unsafe
      ? [
          t("mail.schedule.unsafe", { title, url, reason: unsafe }),
          t("mail.schedule.unsafeStill", { current }),
        ]
      : [t("mail.schedule.plan", { title, url }), t("mail.schedule.planStill", { current })],
  });
}

/**
 * To the support address: a new ticket, with the promise it carries (issue #19). Staff read
 * English (the console stays English), so this one is not translated.
 */
export function newTicketMessage({
  to,
  from,
  planName,
  category,
  subject,
  due,
  body,
  link,
}: {
  to: string;
  from: string;
  planName: string;
  category: string;
  subject: string;
  /** "26 Nov 2026, 14:05 UTC", or null for community support. */
  due: string | null;
  body: string;
  link: string;
}) {
  return compose({
    locale: DEFAULT_LOCALE,
    to,
    subject: `New support request: ${subject}`,
    greetingName: null,
    paragraphs: [
      `${from} (${planName} plan) wrote about “${category}”.`,
      due ? `A first response is due by ${due}.` : "Community support: no promised time.",
      body,
    ],
    action: { label: "Open the ticket", url: link },
  });
}

/** To the person who wrote: support answered their ticket (issue #19). */
export function supportReplyMessage({
  locale,
  to,
  firstName,
  subject,
  body,
  link,
}: Person & { subject: string; body: string; link: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.reply.subject", { subject }),
    greetingName: firstName,
    paragraphs: [t("mail.reply.body", { subject }), body],
    action: { label: t("mail.reply.action"), url: link },
    after: [t("mail.reply.after")],
  });
}

interface WebhookNotice extends Person {
  url: string;
  workspaceName: string;
  link: string;
}

export function webhookFailingMessage({
  locale,
  to,
  firstName,
  url,
  workspaceName,
  link,
  failures,
}: WebhookNotice & { failures: number }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.webhookFailing.subject", { url }),
    greetingName: firstName,
    paragraphs: [
      t("mail.webhookFailing.body", { failures, url, workspace: workspaceName }),
      t("mail.webhookFailing.limit"),
    ],
    action: { label: t("mail.webhookFailing.action"), url: link },
  });
}

export function webhookDisabledMessage({
  locale,
  to,
  firstName,
  url,
  workspaceName,
  link,
  reason,
}: WebhookNotice & { reason: string }) {
  const t = mailT(locale);
  return compose({
    locale,
    to,
    subject: t("mail.webhookDisabled.subject", { url }),
    greetingName: firstName,
    paragraphs: [
      t("mail.webhookDisabled.body", { url, workspace: workspaceName, reason }),
      t("mail.webhookDisabled.enable"),
    ],
    action: { label: t("mail.webhookDisabled.action"), url: link },
  });
}

export function apiKeysRevokedMessage({
  locale,
  to,
  firstName,
  workspaceName,
  memberName,
  keys,
  endpoints = [],
  why,
}: Person & {
  workspaceName: string;
  memberName: string;
  keys: string[];
  /** Addresses of the webhook endpoints they added, disabled because they are no longer a member. */
  endpoints?: string[];
  why: "removed" | "left" | "role" | "deleted";
}) {
  const t = mailT(locale);
  const member = plainName(memberName);
  const workspace = plainName(workspaceName);
  const names = keys.map((key) => `“${plainName(key)}”`).join(", ");
  const reason = t(`mail.revoked.reason.${why}`, { member });
  const disabled = { count: endpoints.length, workspace, endpoints: endpoints.join(", ") };
  return compose({
    locale,
    to,
    subject:
      keys.length > 0
        ? t("mail.revoked.subject.keys", { member, workspace })
        : t("mail.revoked.subject.endpoints", { member, workspace }),
    greetingName: firstName,
    paragraphs: [
      ...(keys.length > 0
        ? [
            t("mail.revoked.keys", { reason, count: keys.length, workspace, names }),
            t("mail.revoked.newKey"),
          ]
        : []),
      ...(endpoints.length > 0
        ? [
            keys.length > 0
              ? t("mail.revoked.endpointsAlso", disabled)
              : t("mail.revoked.endpointsOnly", { reason, ...disabled }),
          ]
        : []),
    ],
  });
}

/** To a workspace's owner: staff disabled one of its tracked links (issue #31). */
export function linkDisabledMessage({
  locale,
  to,
  firstName,
  title: titled,
  shortLink,
  destination,
  reason,
  link,
}: Person & {
  /** The code's title; null: untitled. */
  title: string | null;
  shortLink: string;
  destination: string;
  reason: string;
  link: string;
}) {
  const t = mailT(locale);
  const title = titled ?? t("mail.linkDisabled.untitled");
  return compose({
    locale,
    to,
    subject: t("mail.linkDisabled.subject", { title }),
    greetingName: firstName,
    paragraphs: [
      t("mail.linkDisabled.body", { shortLink, title, destination }),
      t("mail.linkDisabled.reason", { reason }),
      t("mail.linkDisabled.mistake"),
    ],
    action: { label: t("mail.linkDisabled.action"), url: link },
  });
}

interface SuspensionNotice extends Person {
  workspaceName: string;
  /** The support page, where the owner and admins reach staff about the suspension. */
  supportUrl: string;
}

export function workspaceSuspendedMessage({
  locale,
  to,
  firstName,
  workspaceName,
  reason,
  supportUrl,
}: SuspensionNotice & { reason: string }) {
  const t = mailT(locale);
  const workspace = plainName(workspaceName);
  return compose({
    locale,
    to,
    subject: t("mail.suspended.subject", { workspace }),
    greetingName: firstName,
    paragraphs: [
      t("mail.suspended.body", { workspace, reason }),
      t("mail.suspended.effects"),
      t("mail.suspended.mistake"),
    ],
    action: { label: t("mail.suspension.action"), url: supportUrl },
  });
}

export function workspaceSuspensionLiftedMessage({
  locale,
  to,
  firstName,
  workspaceName,
  supportUrl,
}: SuspensionNotice) {
  const t = mailT(locale);
  const workspace = plainName(workspaceName);
  return compose({
    locale,
    to,
    subject: t("mail.lifted.subject", { workspace }),
    greetingName: firstName,
    paragraphs: [t("mail.lifted.body", { workspace }), t("mail.lifted.questions")],
    action: { label: t("mail.suspension.action"), url: supportUrl },
  });
}

/** What changed about an account's two-factor sign-in (issue #31): each change is e-mailed. */
export type TwoFactorChange = "enabled" | "disabled" | "recovery-regenerated" | "recovery-used";

const TWO_FACTOR_IDS: Record<TwoFactorChange, string> = {
  enabled: "mail.twoFactor.enabled",
  disabled: "mail.twoFactor.disabled",
  "recovery-regenerated": "mail.twoFactor.regenerated",
  "recovery-used": "mail.twoFactor.used",
};

export function twoFactorChangedMessage({
  locale,
  to,
  firstName,
  change,
  remaining,
  accountLink,
}: Person & { change: TwoFactorChange; remaining?: number; accountLink: string }) {
  const t = mailT(locale);
  const id = TWO_FACTOR_IDS[change];
  return compose({
    locale,
    to,
    subject: t(`${id}.subject`),
    greetingName: firstName,
    paragraphs: [t(`${id}.body`, { remaining: remaining ?? 0 }), t("mail.twoFactor.notYou")],
    action: { label: t("mail.twoFactor.action"), url: accountLink },
  });
}

/** A passkey was added to or removed from the account (issue #31): said to the account's address. */
export function passkeyChangedMessage({
  locale,
  to,
  firstName,
  passkeyName,
  change,
  accountLink,
}: Person & { passkeyName: string; change: "added" | "removed"; accountLink: string }) {
  const t = mailT(locale);
  const name = plainName(passkeyName);
  return compose({
    locale,
    to,
    subject: t(`mail.passkey.${change}.subject`),
    greetingName: firstName,
    paragraphs: [t(`mail.passkey.${change}.body`, { name }), t(`mail.passkey.${change}.notYou`)],
    action: { label: t("mail.passkey.action"), url: accountLink },
  });
}
