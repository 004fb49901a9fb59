import { shortLinkUrl } from "../domains/links";
import { redirect } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { engagementRate } from "../codes/engagement";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { dashboardOverview } from "../models/dashboard.server";
import { deleteCode, renameCode, setCodeSharing } from "../codes/changes.server";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { canDownloadPrint, canDownloadSvg, canEditDestination } from "../plans/rules";
import { scheduledView } from "./code-page.server";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { loadPage, requestedPage } from "../validation/pages";
import { can } from "../workspaces/roles";
import { appOrigin, appUrl } from "../config/app-url.server";
import { sharePath } from "../models/qr-codes.server";

// The Analytics tab: the workspace's codes with their downloads and scans, and what may be done
// to a code from it (rename, share or stop sharing, delete).

/** Recent codes per page of the list. */
const PAGE_SIZE = 20;
/** Days shown in the activity chart. */
const CHART_DAYS = 30;

export async function analyticsTab(db: Database, membership: Membership, url: URL, now: Date) {
  // The workspace's plan (its owner's) decides what the dashboard shows.
  const plan = workspacePlan(membership, now);
  const analytics = PLANS[plan].capabilities.analyticsRetentionDays !== 0;
  const { loaded, page, pages } = await loadPage(
    requestedPage(url.searchParams.get("page")),
    PAGE_SIZE,
    (offset) =>
      dashboardOverview(db, membership.workspace.id, {
        limit: PAGE_SIZE,
        offset,
        analytics,
        chartDays: CHART_DAYS,
        now,
      }),
    (overview) => overview.totals.totalQRCodes,
  );
  const { codes, totals, activity, breakdown } = loaded;
  const confirmDelete = Number(url.searchParams.get("delete"));
  const editing = canEditDestination(plan);
  // A shared code's link offers the formats of the workspace's plan (the share route checks it).
  const shareFormats = [
    ...(canDownloadSvg(plan).ok ? (["svg"] as const) : []),
    ...(canDownloadPrint(plan).ok ? (["pdf", "eps"] as const) : []),
  ];
  return {
    canManageCodes: can(membership.role, "codes.manage"),
    /** Whether the plan lets tracked codes' destinations change, and why not (issue #21). */
    destinations: {
      allowed: editing.ok,
      refusal: editing.ok ? null : editing.message,
      upgradeHref: membership.role === "owner" ? "/dashboard?tab=plans" : "/pricing",
    },
    plan,
    analytics,
    activity,
    breakdown,
    totals,
    engagement: engagementRate(totals.totalScans, totals.totalDownloads),
    codes: codes.map(({ code, scans, slug, linkHost, destination, scheduled }) => ({
      id: code.id,
      type: code.type,
      title: code.title,
      isPublic: code.isPublic,
      /** The public link of a shared code, by its unguessable share id (issue #27). */
      shareUrl: code.isPublic && code.shareId ? appUrl(sharePath(code.shareId)) : null,
      /** The same link in the other formats the plan offers, the design kept. */
      shareFormats:
        code.isPublic && code.shareId
          ? shareFormats.map((format) => ({
              format,
              url: appUrl(sharePath(code.shareId!, format)),
            }))
          : [],
      createdAt: code.createdAt.toISOString(),
      downloads: code.downloadCount,
      scans,
      trackedUrl: slug ? shortLinkUrl(appOrigin(), { slug, hostname: linkHost }) : null,
      destination: slug && code.type === "url" ? destination : null,
      scheduled: scheduledView(scheduled ? JSON.parse(scheduled) : null),
    })),
    confirmDelete: codes.find(({ code }) => code.id === confirmDelete)?.code.id ?? null,
    page,
    pages,
  };
}

export type AnalyticsTabData = Awaited<ReturnType<typeof analyticsTab>>;

/**
 * Rename, share or stop sharing, delete: codes of the current workspace only, for a role that may
 * change them; then back with a message. Sharing and deleting go to the audit log.
 */
export async function codeAction(
  request: Request,
  user: UserRecord,
  membership: Membership,
  form: FormData,
  db: Database,
) {
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  const back = "/dashboard";
  const missing = () =>
    redirectWithToast(request, back, {
      title: "Code not found",
      description: "It may have been deleted already.",
      variant: "error",
    });
  if (!Number.isSafeInteger(id)) return missing();
  requirePermission(membership, "codes.manage");
  const workspaceId = membership.workspace.id;
  const actor = { id: user.id, email: user.email };

  if (intent === "rename") {
    const title = String(form.get("title") ?? "")
      .trim()
      .slice(0, 120);
    if (!title) {
      return redirectWithToast(request, back, {
        title: "Title required",
        description: "Please enter a title for your QR code.",
        variant: "error",
      });
    }
    if (!(await renameCode(db, id, workspaceId, title))) return missing();
    return redirectWithToast(request, back, { title: "Renamed", variant: "success" });
  }
  if (intent === "visibility") {
    const isPublic = form.get("public") === "true";
    if (!(await setCodeSharing(db, id, workspaceId, actor, isPublic))) return missing();
    return redirectWithToast(request, back, {
      title: isPublic ? "Sharing on" : "Sharing off",
      description: isPublic
        ? "Anyone with the share link can download this code."
        : "Only members of this workspace can download this code now. Its share link no longer works; sharing it again gives a new one.",
      variant: "success",
    });
  }
  if (intent === "delete") {
    const origin = appOrigin();
    if (!(await deleteCode(db, id, workspaceId, actor, origin))) return missing();
    return redirectWithToast(request, back, { title: "QR code deleted", variant: "success" });
  }
  throw redirect(back, 303);
}
