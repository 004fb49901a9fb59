import { LINK_REPORT_REASONS, type LinkReportReason } from "../db/schema";
import { z } from "../validation/zod";

// The "Report this link" form of the preview page (/s/{slug}+, issue #31), shared by the page and
// the action. Plain text only: reports are stored as typed and shown escaped, to staff only.

/**
 * Each reason's short name in the staff queue (English, as the console is). The reader sees the
 * reasons in their language: ids "scan.report.reason.{reason}" (issue #32).
 */
export const REPORT_REASONS: Record<LinkReportReason, { name: string }> = {
  phishing: { name: "Phishing" },
  malware: { name: "Malware" },
  spam: { name: "Spam or a scam" },
  illegal: { name: "Illegal content" },
  other: { name: "Other" },
};

export const REPORT_DETAILS_MAX = 2000;

/** The honeypot: a field people never see, that form-filling robots do fill. */
export const REPORT_HONEYPOT = "website";

/** At most this many reports an hour from one network, and about one link. */
export const REPORTS_PER_ADDRESS_HOUR = 5;
export const REPORTS_PER_LINK_HOUR = 20;

export const REASON_MESSAGE = "Choose why you are reporting this link.";

export const reportSchema = z.object({
  reason: z.enum(LINK_REPORT_REASONS, { error: REASON_MESSAGE }),
  details: z
    .string({ error: "Tell us what you saw at this link." })
    .trim()
    .min(1, "Tell us what you saw at this link.")
    .max(
      REPORT_DETAILS_MAX,
      `Please keep the details under ${REPORT_DETAILS_MAX.toLocaleString("en-US")} characters.`,
    ),
  email: z
    .email({ error: "Enter an e-mail address like name@example.com, or leave it empty." })
    .max(254, "That e-mail address is too long.")
    .optional(),
});

/** The reason staff give the owner when they disable a link: one line, at most this long. */
export const DISABLE_REASON_MAX = 500;

/** The preview page of a short link: the link with a "+" at its end, as dub and bit.ly do. */
export function previewPath(slug: string): string {
  return `/s/${slug}+`;
}
