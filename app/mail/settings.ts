import { z } from "../validation/zod";

// Which mailer runs (ARCHITECTURE.md decisions 11 and 14). With a Resend API key it is Resend;
// with none, in local runs, the outbox shown at /dev/mail. Staging and production must send real
// mail: there a missing key is a configuration error that names the setting, never its value.

export class MailNotConfiguredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MailNotConfiguredError";
  }
}

export const DEFAULT_MAIL_FROM = "QR Code Creator <no-reply@qrcodecreator.app>";

const resendSchema = z.object({
  RESEND_API_KEY: z.string().startsWith("re_", "RESEND_API_KEY must start with re_"),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>@]+ <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/,
      'MAIL_FROM must be an address, or "Name <address>"',
    ),
  /** Only the tests set it, to a local stand-in for Resend's API. */
  MAIL_API_BASE: z.url("MAIL_API_BASE must be a URL").optional(),
});

export type ResendSettings = z.infer<typeof resendSchema>;

export type MailSettings =
  | { provider: "resend"; resend: ResendSettings; from: string }
  | { provider: "outbox"; from: string };

type RawMailSettings = Partial<Record<keyof ResendSettings, string | undefined>>;

/** Pure: the mailer for `raw` (the MAIL_ and RESEND_ variables as set) in `environment`. */
export function resolveMailSettings(raw: RawMailSettings, environment: string): MailSettings {
  const from = raw.MAIL_FROM || DEFAULT_MAIL_FROM;
  if (!raw.RESEND_API_KEY) {
    if (environment !== "development") {
      throw new MailNotConfiguredError(
        `Mail is not configured: set RESEND_API_KEY and MAIL_FROM. The local outbox never runs in ${environment}.`,
      );
    }
    return { provider: "outbox", from };
  }
  const parsed = resendSchema.safeParse({
    RESEND_API_KEY: raw.RESEND_API_KEY,
    MAIL_FROM: from,
    MAIL_API_BASE: raw.MAIL_API_BASE || undefined,
  });
  if (!parsed.success) {
    throw new MailNotConfiguredError(
      `Mail is misconfigured: ${parsed.error.issues.map((issue) => issue.message).join("; ")}.`,
    );
  }
  return { provider: "resend", resend: parsed.data, from };
}

/** MAIL_FROM's address under another display name: `"Ada's Bakery" <no-reply@…>`. */
export function senderAs(from: string, name: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const safe = name.replace(/["\\<>\r\n]/g, "").trim();
  return safe ? `"${safe}" <${address}>` : from;
}
