import type { Database } from "../db/client.server";
import type { LinkReportRecord } from "../db/schema";
import { shortLinkUrl } from "../domains/links";
import { appOrigin } from "../config/app-url.server";
import {
  disabledLinks,
  reportedLinks,
  reportsOf,
  type StaffLink,
} from "../models/link-reports.server";
import { REPORT_REASONS } from "./reports";
import { findStaffLink } from "./takedown.server";

// The staff console's abuse queue (/staff/abuse) and a link's page (/staff/abuse/{slug}), as
// plain data for the pages (issue #31).

export const QUEUE_LIMIT = 50;

function linkView(link: StaffLink) {
  return {
    slug: link.slug,
    shortLink: shortLinkUrl(appOrigin(), link),
    host: link.hostname ?? new URL(appOrigin()).host,
    destination: link.targetUrl,
    title: link.title,
    deleted: link.codeId === null,
    workspace: link.workspaceName,
    owner: link.ownerEmail,
    disabledAt: link.disabledAt?.toISOString() ?? null,
    disabledReason: link.disabledReason,
  };
}

function reportView(report: LinkReportRecord) {
  return {
    id: report.id,
    reason: REPORT_REASONS[report.reason].name,
    details: report.details,
    reporter: report.reporterEmail,
    at: report.createdAt.toISOString(),
    resolution: report.resolution,
  };
}

export type StaffLinkView = ReturnType<typeof linkView>;
export type StaffReportView = ReturnType<typeof reportView>;

export async function abuseQueuePage(db: Database) {
  const [reported, disabled] = await Promise.all([
    reportedLinks(db, QUEUE_LIMIT),
    disabledLinks(db, QUEUE_LIMIT),
  ]);
  return {
    queue: reported.map(({ link, reports }) => ({
      link: linkView(link),
      reports: reports.map(reportView),
    })),
    disabled: disabled.map(linkView),
  };
}

export async function abuseLinkPage(db: Database, slug: string) {
  const link = await findStaffLink(db, slug);
  const reports = await reportsOf(db, link.slug);
  return { link: linkView(link), reports: reports.map(reportView) };
}
