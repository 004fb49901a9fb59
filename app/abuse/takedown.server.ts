import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { appOrigin } from "../config/app-url.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { shortLinkUrl } from "../domains/links";
import { sendMail } from "../mail/mailer.server";
import { linkDisabledMessage } from "../mail/templates";
import { recipientLocaleByEmail } from "../mail/recipient.server";
import {
  disableLinkStatement,
  enableLinkStatement,
  resolveReportsStatement,
  type StaffLink,
  staffLink,
} from "../models/link-reports.server";
import { forgetLinks } from "../scans/links.server";
import { recordStaffAction } from "../staff/audit.server";
import { hasControlCharacters } from "../validation/one-line";
import { DISABLE_REASON_MAX } from "./reports";

// Staff taking a reported link down, bringing it back, or dismissing its reports (issue #31).
// Every action is in the staff audit log. Disabling removes the link's edge copy in this data
// centre at once (elsewhere it lives at most LINK_CACHE_SECONDS more, as a destination change
// does) and e-mails the workspace's owner the reason, which the code's page shows as well.

export const DISABLE_REASON_MESSAGE = `Write the reason the owner will read, on one line, at most ${DISABLE_REASON_MAX} characters.`;

export type StaffAbuseAnswer = { intent: "disable"; error: string };

export async function findStaffLink(db: Database, slug: string): Promise<StaffLink> {
  const link = /^[0-9A-Za-z]{6,20}$/.test(slug) ? await staffLink(db, slug) : null;
  if (!link) throw data(`There is no short link ${slug}.`, { status: 404 });
  return link;
}

function reasonFrom(form: FormData): string | null {
  const reason = String(form.get("reason") ?? "").trim();
  if (!reason || reason.length > DISABLE_REASON_MAX || hasControlCharacters(reason)) return null;
  return reason;
}

async function disable(
  db: Database,
  staff: UserRecord,
  link: StaffLink,
  reason: string,
  now: Date,
) {
  const [updated] = await db.batch([
    disableLinkStatement(db, link.slug, { reason, staffId: staff.id, now }),
    resolveReportsStatement(db, link.slug, "disabled", staff.id, now),
  ]);
  if (updated.meta.changes === 0) return false;
  await recordStaffAction(
    db,
    staff,
    {
      action: "link.disabled",
      subjectType: "link",
      subjectId: link.slug,
      details: { reason, destination: link.targetUrl, workspaceId: link.workspaceId },
    },
    now,
  );
  await forgetLinks(appOrigin(), [link.slug]);
  if (link.ownerEmail && link.codeId !== null) {
    await sendMail(
      linkDisabledMessage({
        locale: await recipientLocaleByEmail(db, link.ownerEmail),
        to: link.ownerEmail,
        firstName: link.ownerFirstName,
        title: link.title,
        shortLink: shortLinkUrl(appOrigin(), link),
        destination: link.targetUrl,
        reason,
        link: `${appOrigin()}/dashboard/codes/${link.codeId}`,
      }),
    );
  }
  return true;
}

/** "Disable link", "Enable link" or "Dismiss reports", posted to /staff/abuse/{slug}. */
export async function staffAbuseAction(
  request: Request,
  db: Database,
  staff: UserRecord,
  slug: string,
  now = new Date(),
) {
  const link = await findStaffLink(db, slug);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = form.get("back") === "queue" ? "/staff/abuse" : `/staff/abuse/${link.slug}`;
  if (intent === "disable") {
    const reason = reasonFrom(form);
    if (!reason) {
      return data<StaffAbuseAnswer>(
        { intent: "disable", error: DISABLE_REASON_MESSAGE },
        { status: 400 },
      );
    }
    const done = await disable(db, staff, link, reason, now);
    return redirectWithToast(request, back, {
      title: done ? "Link disabled" : "The link was already disabled",
      description: done
        ? `Scanners of ${link.slug} now see “This link was disabled”; the owner was e-mailed.`
        : undefined,
      variant: done ? "success" : "default",
    });
  }
  if (intent === "enable") {
    const [updated] = await db.batch([enableLinkStatement(db, link.slug)]);
    if (updated.meta.changes > 0) {
      await recordStaffAction(
        db,
        staff,
        {
          action: "link.enabled",
          subjectType: "link",
          subjectId: link.slug,
          details: { reasonWas: link.disabledReason, destination: link.targetUrl },
        },
        now,
      );
    }
    return redirectWithToast(request, back, {
      title: updated.meta.changes > 0 ? "Link enabled" : "The link was not disabled",
      description:
        updated.meta.changes > 0 ? `${link.slug} redirects to ${link.targetUrl} again.` : undefined,
      variant: updated.meta.changes > 0 ? "success" : "default",
    });
  }
  if (intent === "dismiss") {
    const [resolved] = await db.batch([
      resolveReportsStatement(db, link.slug, "dismissed", staff.id, now),
    ]);
    if (resolved.meta.changes > 0) {
      await recordStaffAction(
        db,
        staff,
        {
          action: "link.reports_dismissed",
          subjectType: "link",
          subjectId: link.slug,
          details: { reports: resolved.meta.changes },
        },
        now,
      );
    }
    return redirectWithToast(request, back, {
      title: resolved.meta.changes > 0 ? "Reports dismissed" : "No open reports",
      variant: resolved.meta.changes > 0 ? "success" : "default",
    });
  }
  throw data("Choose Disable link, Enable link or Dismiss reports.", { status: 400 });
}
