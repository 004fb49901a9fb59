import { parseWithZod } from "@conform-to/zod/v4";
import { and, count, eq, gt } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { Database } from "../db/client.server";
import { linkReports } from "../db/schema";
import { findTrackedLink } from "../models/qr-codes.server";
import { log } from "../observability/log.server";
import { linkStop } from "../scans/link-state";
import { hashedClientAddress } from "../security/client.server";
import {
  previewPath,
  REPORT_HONEYPOT,
  REPORTS_PER_ADDRESS_HOUR,
  REPORTS_PER_LINK_HOUR,
  reportSchema,
} from "./reports";

// A report from the preview page (issue #31). Counted per network (a keyed hash of the address,
// as the download limits keep it) and per link in D1, so that one person or one link cannot flood
// the staff queue; a filled honeypot is thanked and dropped. No third-party captcha.

const HOUR_MS = 60 * 60 * 1000;

/** Where a sent report lands: the preview page scrolled to its thank-you. */
export function thankYouPath(slug: string): string {
  return `${previewPath(slug)}?reported=1#result`;
}

async function recentReports(
  db: Database,
  column: "slug" | "reporterHash",
  value: string,
  now: Date,
) {
  const row = await db
    .select({ n: count() })
    .from(linkReports)
    .where(
      and(
        eq(linkReports[column], value),
        gt(linkReports.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .get();
  return row?.n ?? 0;
}

export async function submitReport(request: Request, db: Database, slug: string, now = new Date()) {
  const link = await findTrackedLink(db, slug);
  if (!link || link.codeId === null || link.workspaceId === null) {
    throw data({ page: link ? 410 : 404 }, { status: link ? 410 : 404 });
  }
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: reportSchema });
  if (String(form.get(REPORT_HONEYPOT) ?? "") !== "") {
    log("info", "link_report_honeypot", { slug });
    return redirect(thankYouPath(slug), 303);
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  // Already taken down: nothing more for staff to do.
  if (linkStop(link)) return redirect(thankYouPath(slug), 303);
  const reporterHash = await hashedClientAddress(request);
  if ((await recentReports(db, "reporterHash", reporterHash, now)) >= REPORTS_PER_ADDRESS_HOUR) {
    const message = "You have sent several reports in the last hour. Please try again later.";
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 429 });
  }
  if ((await recentReports(db, "slug", slug, now)) >= REPORTS_PER_LINK_HOUR) {
    const message =
      "This link has been reported many times in the last hour, and our team has been told. Thank you.";
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 429 });
  }
  const { reason, details, email } = submission.value;
  await db.insert(linkReports).values({
    slug,
    reason,
    details,
    reporterEmail: email ?? null,
    reporterHash,
    createdAt: now,
  });
  log("info", "link_reported", { slug, reason });
  return redirect(thankYouPath(slug), 303);
}
