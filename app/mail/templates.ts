import { escapeHtml } from "../security/escape-html";
import type { MailMessage } from "./message";

// Every e-mail the product sends, as pure functions: a plain-text part, an HTML part built from
// the same paragraphs (every value escaped), and the links it carries.

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

interface Layout {
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
  const greeting = `Hello${greetingName ? ` ${greetingName}` : ""},`;
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
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,sans-serif;color:#0f172a">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`,
    paragraph(greeting),
    ...paragraphs.map(paragraph),
    action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${button};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
        paragraph(`Or copy this link into your browser: ${action.url}`)
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
  to: string;
  firstName: string | null;
}

export function verifyEmailMessage({ to, firstName, link }: Person & { link: string }) {
  return compose({
    to,
    subject: `Confirm your e-mail address for ${PRODUCT}`,
    greetingName: firstName,
    paragraphs: [
      `Please confirm that ${to} is your e-mail address, so that you can always get back into your account.`,
    ],
    action: { label: "Confirm my e-mail address", url: link },
    after: ["The link works for 48 hours. If you did not create an account, ignore this e-mail."],
  });
}

export function resetPasswordMessage({ to, firstName, link }: Person & { link: string }) {
  return compose({
    to,
    subject: `Reset your ${PRODUCT} password`,
    greetingName: firstName,
    paragraphs: [
      "Someone asked to reset the password of your account. If it was you, choose a new password:",
    ],
    action: { label: "Choose a new password", url: link },
    after: [
      "The link works once, for 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    ],
  });
}

export function passwordChangedMessage({
  to,
  firstName,
  forgotLink,
}: Person & { forgotLink: string }) {
  return compose({
    to,
    subject: `Your ${PRODUCT} password was changed`,
    greetingName: firstName,
    paragraphs: [
      "The password of your account was just changed, and every other session was signed out.",
      "If you did not do this, reset your password now and check your account's e-mail address.",
    ],
    action: { label: "Reset my password", url: forgotLink },
  });
}

export function emailChangeConfirmMessage({ to, firstName, link }: Person & { link: string }) {
  return compose({
    to,
    subject: `Confirm your new e-mail address for ${PRODUCT}`,
    greetingName: firstName,
    paragraphs: [`Please confirm that you want to use ${to} to sign in to ${PRODUCT} from now on.`],
    action: { label: "Use this address", url: link },
    after: ["The link works once, for 24 hours. If you did not ask for this, ignore this e-mail."],
  });
}

export function emailChangeNoticeMessage({
  to,
  firstName,
  newEmail,
}: Person & { newEmail: string }) {
  return compose({
    to,
    subject: `Your ${PRODUCT} e-mail address is being changed`,
    greetingName: firstName,
    paragraphs: [
      `Someone signed in to your account asked to change its e-mail address to ${newEmail}. The change happens only when the link sent to that address is opened.`,
      "If this was not you, sign in and change your password, which also signs everyone else out.",
    ],
  });
}

const receiptDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** After each payment (issue #29 item 5): what was paid, for what, and where the receipt is. */
export function receiptMessage({
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
  amount: string;
  paidOn: Date;
  link: string;
}) {
  return compose({
    to,
    subject: `Your ${PRODUCT} receipt ${number}`,
    greetingName: firstName,
    paragraphs: [
      `We received your payment of ${amount} on ${receiptDate.format(paidOn)}, for ${description}. Thank you.`,
      `Receipt number: ${number}.`,
    ],
    action: { label: "View your receipt", url: link },
    after: ["Every invoice and receipt is also listed under Plan & Billing on your dashboard."],
  });
}

export function accountDeletedMessage({ to, firstName }: Person) {
  return compose({
    to,
    subject: `Your ${PRODUCT} account was deleted`,
    greetingName: firstName,
    paragraphs: [
      "Your account was deleted as you asked. Its saved codes, logos, analytics and sign-ins are gone, any paid subscription was cancelled, and its tracked links no longer redirect.",
      "QR codes you downloaded without scan tracking keep working, because their content is in the image itself.",
      "Thank you for using QR Code Creator.",
    ],
  });
}

export function invitationMessage({
  to,
  inviterName,
  workspaceName,
  role,
  link,
  brand,
}: {
  to: string;
  inviterName: string;
  workspaceName: string;
  role: string;
  link: string;
  /** The workspace's white-label brand: the e-mail names it instead of this service. */
  brand?: MailBrand;
}) {
  const on = brand ? plainName(brand.name) : PRODUCT;
  const inviter = plainName(inviterName);
  const workspace = plainName(workspaceName);
  return compose({
    to,
    brand,
    subject: `${inviter} invited you to ${workspace} on ${on}`,
    greetingName: null,
    paragraphs: [
      `${inviter} invited you to join the workspace “${workspace}” on ${on} as ${/^[aeiou]/.test(role) ? "an" : "a"} ${role}.`,
      `Open the link to accept. Sign in with ${to}, or create an account with that address.`,
    ],
    action: { label: "Accept the invitation", url: link },
    after: ["The link works once, for 7 days. If you do not know who sent it, ignore this e-mail."],
  });
}

export function bulkDoneMessage({
  to,
  firstName,
  fileName,
  made,
  failed,
  link,
}: Person & { fileName: string; made: number; failed: number; link: string }) {
  const codes = (n: number) => `${n.toLocaleString("en-US")} code${n === 1 ? "" : "s"}`;
  return compose({
    to,
    subject: `Your ${codes(made)} from ${fileName} are ready`,
    greetingName: firstName,
    paragraphs: [
      `The batch from ${fileName} is done: ${codes(made)} in one ZIP file, with manifest.csv listing every row.`,
      ...(failed > 0
        ? [`${codes(failed)} could not be made; manifest.csv says which rows and why.`]
        : []),
    ],
    action: { label: "Download the ZIP", url: link },
    after: ["The download is kept for 7 days."],
  });
}

export function bulkFailedMessage({
  to,
  firstName,
  fileName,
  link,
}: Person & { fileName: string; link: string }) {
  return compose({
    to,
    subject: `Your batch from ${fileName} could not be finished`,
    greetingName: firstName,
    paragraphs: [
      `We could not finish the batch from ${fileName}, even after trying again several times. Nothing was charged, and codes it saved stay in your workspace.`,
      "Upload the file again to start a new batch; if it fails again, write to support.",
    ],
    action: { label: "Open bulk generation", url: link },
  });
}

/** A pending scheduled change of a code's destination was dropped by a downgrade (issue #21). */
export function scheduleCancelledMessage({
  to,
  firstName,
  title,
  url,
  current,
  unsafe = null,
}: Person & {
  title: string;
  url: string;
  current: string;
  /** Why the destination was refused when it was due (issue #31); null: the plan changed. */
  unsafe?: string | null;
}) {
  if (unsafe) {
    return compose({
      to,
      subject: `Scheduled change of “${title}” cancelled`,
      greetingName: firstName,
      paragraphs: [
        `You scheduled the code “${title}” to lead to ${url}. When the change was due, that address was refused: ${unsafe}`,
        `The change was cancelled and will not happen. The printed code still leads to ${current}.`,
      ],
    });
  }
  return compose({
    to,
    subject: `Scheduled change of “${title}” cancelled`,
    greetingName: firstName,
    paragraphs: [
      `You scheduled the code “${title}” to lead to ${url}. The workspace's plan no longer includes changing destinations, so that change was cancelled and will not happen.`,
      `The printed code keeps working: it still leads to ${current}. Upgrade to Premium or Ultimate to change or schedule its destination again.`,
    ],
  });
}

/** To the support address: a new ticket, with the promise it carries (issue #19). */
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
  to,
  firstName,
  subject,
  body,
  link,
}: Person & { subject: string; body: string; link: string }) {
  return compose({
    to,
    subject: `Re: ${subject}`,
    greetingName: firstName,
    paragraphs: [`Support answered your request “${subject}”:`, body],
    action: { label: "Open your request", url: link },
    after: ["Reply on the request's page; replies to this e-mail are not read."],
  });
}

interface WebhookNotice extends Person {
  url: string;
  workspaceName: string;
  link: string;
}

export function webhookFailingMessage({
  to,
  firstName,
  url,
  workspaceName,
  link,
  failures,
}: WebhookNotice & { failures: number }) {
  return compose({
    to,
    subject: `Webhook deliveries to ${url} are failing`,
    greetingName: firstName,
    paragraphs: [
      `The last ${failures} deliveries to the webhook endpoint ${url} of the workspace “${workspaceName}” failed in a row. We keep retrying each event for about a day.`,
      "After 20 failures in a row the endpoint is disabled. The delivery log on the Integrations tab shows what the address answered.",
    ],
    action: { label: "Open the delivery log", url: link },
  });
}

export function webhookDisabledMessage({
  to,
  firstName,
  url,
  workspaceName,
  link,
  reason,
}: WebhookNotice & { reason: string }) {
  return compose({
    to,
    subject: `Webhook endpoint ${url} was disabled`,
    greetingName: firstName,
    paragraphs: [
      `We stopped sending events to the webhook endpoint ${url} of the workspace “${workspaceName}”. ${reason}`,
      "Once the address works again, enable the endpoint on the Integrations tab; new events are sent from then on.",
    ],
    action: { label: "Open the Integrations tab", url: link },
  });
}

export function apiKeysRevokedMessage({
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
  const member = plainName(memberName);
  const workspace = plainName(workspaceName);
  const names = keys.map((key) => `“${plainName(key)}”`).join(", ");
  const reason = {
    removed: `${member} was removed from the workspace`,
    left: `${member} left the workspace`,
    role: `${member}'s new role no longer manages API keys`,
    deleted: `${member} deleted their account`,
  }[why];
  const one = endpoints.length === 1;
  return compose({
    to,
    subject:
      keys.length > 0
        ? `API keys of ${member} in ${workspace} were revoked`
        : `Webhook endpoints of ${member} in ${workspace} were disabled`,
    greetingName: firstName,
    paragraphs: [
      ...(keys.length > 0
        ? [
            `${reason}, so the API ${keys.length === 1 ? "key" : "keys"} they made in “${workspace}” ${keys.length === 1 ? "was" : "were"} revoked at once: ${names}. Calls with ${keys.length === 1 ? "it" : "them"} now get 401.`,
            "If an integration still needs the API, create a new key on the workspace's API tab and put it in place of the old one.",
          ]
        : []),
      ...(endpoints.length > 0
        ? [
            `${keys.length > 0 ? "Also, the" : `${reason}, so the`} ${one ? "webhook endpoint they added was" : "webhook endpoints they added were"} disabled, so that no events of “${workspace}” go to ${one ? "an address" : "addresses"} you may not know: ${endpoints.join(", ")}. If ${one ? "it is" : "they are"} still yours, enable ${one ? "it" : "them"} again on the Integrations tab.`,
          ]
        : []),
    ],
  });
}

/** To a workspace's owner: staff disabled one of its tracked links (issue #31). */
export function linkDisabledMessage({
  to,
  firstName,
  title,
  shortLink,
  destination,
  reason,
  link,
}: Person & {
  title: string;
  shortLink: string;
  destination: string;
  reason: string;
  link: string;
}) {
  return compose({
    to,
    subject: `We disabled the link of “${title}”`,
    greetingName: firstName,
    paragraphs: [
      `Our team disabled the short link ${shortLink} of your QR code “${title}”, which led to ${destination}. People who scan it now see a page saying the link was disabled.`,
      `The reason: ${reason}`,
      "Its destination cannot be changed while it is disabled. If you think this is a mistake, write to support from your dashboard and tell us why.",
    ],
    action: { label: "Open the code", url: link },
  });
}

interface SuspensionNotice extends Person {
  workspaceName: string;
  /** The support page, where the owner and admins reach staff about the suspension. */
  supportUrl: string;
}

export function workspaceSuspendedMessage({
  to,
  firstName,
  workspaceName,
  reason,
  supportUrl,
}: SuspensionNotice & { reason: string }) {
  const workspace = plainName(workspaceName);
  return compose({
    to,
    subject: `The workspace “${workspace}” was suspended`,
    greetingName: firstName,
    paragraphs: [
      `We suspended the workspace “${workspace}”. The reason: ${reason}`,
      "While it is suspended, its short links show “This link is unavailable” instead of redirecting, its API keys and webhooks stop, and its codes cannot be changed or downloaded. Nothing was deleted: when the suspension is lifted, everything works exactly as before.",
      "If you think this is a mistake, or once the problem is fixed, write to us from the Support page and we will look at it.",
    ],
    action: { label: "Contact support", url: supportUrl },
  });
}

export function workspaceSuspensionLiftedMessage({
  to,
  firstName,
  workspaceName,
  supportUrl,
}: SuspensionNotice) {
  const workspace = plainName(workspaceName);
  return compose({
    to,
    subject: `The suspension of “${workspace}” was lifted`,
    greetingName: firstName,
    paragraphs: [
      `We lifted the suspension of the workspace “${workspace}”. Its short links redirect again, its API keys and webhooks work, and its codes can be changed and downloaded as before.`,
      "Questions? The Support page reaches us.",
    ],
    action: { label: "Contact support", url: supportUrl },
  });
}

/** What changed about an account's two-factor sign-in (issue #31): each change is e-mailed. */
export type TwoFactorChange = "enabled" | "disabled" | "recovery-regenerated" | "recovery-used";

export function twoFactorChangedMessage({
  to,
  firstName,
  change,
  remaining,
  accountLink,
}: Person & { change: TwoFactorChange; remaining?: number; accountLink: string }) {
  const what = {
    enabled: {
      subject: `Two-factor sign-in was turned on for your ${PRODUCT} account`,
      line: "Two-factor sign-in was turned on: signing in with your password now also asks for a code from your authenticator app.",
    },
    disabled: {
      subject: `Two-factor sign-in was turned off for your ${PRODUCT} account`,
      line: "Two-factor sign-in was turned off: your password alone signs in again, and every trusted browser was forgotten.",
    },
    "recovery-regenerated": {
      subject: `New recovery codes for your ${PRODUCT} account`,
      line: "New recovery codes were made for your account; the old ones no longer work.",
    },
    "recovery-used": {
      subject: `A recovery code was used to sign in to your ${PRODUCT} account`,
      line: `A recovery code was used to sign in to your account. ${remaining ?? 0} unused recovery code${remaining === 1 ? "" : "s"} left.`,
    },
  }[change];
  return compose({
    to,
    subject: what.subject,
    greetingName: firstName,
    paragraphs: [
      what.line,
      "If this was not you, change your password now and check your two-factor sign-in.",
    ],
    action: { label: "Open your account settings", url: accountLink },
  });
}

/** A passkey was added to or removed from the account (issue #31): said to the account's address. */
export function passkeyChangedMessage({
  to,
  firstName,
  passkeyName,
  change,
  accountLink,
}: Person & { passkeyName: string; change: "added" | "removed"; accountLink: string }) {
  const name = plainName(passkeyName);
  return compose({
    to,
    subject:
      change === "added"
        ? `A passkey was added to your ${PRODUCT} account`
        : `A passkey was removed from your ${PRODUCT} account`,
    greetingName: firstName,
    paragraphs: [
      change === "added"
        ? `The passkey “${name}” was just added to your account. It can now sign in to it without a password.`
        : `The passkey “${name}” was just removed from your account. It can no longer sign in to it.`,
      change === "added"
        ? "If you did not do this, remove the passkey on your account page at once, then change your password and sign out everywhere."
        : "If you did not do this, change your password now and sign out everywhere.",
    ],
    action: { label: "Review your passkeys", url: accountLink },
  });
}
