import type { Translate } from "../i18n/locale.server";
import { say } from "../i18n/phrase";
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
import { isFiltered, listQuery, listSearch } from "../codes/listing";
import { thumbnailHash, thumbnailPath } from "../codes/thumbnail.server";
import type { ListedCode } from "../models/code-list.server";
import { workspaceCodesAmong } from "../models/code-tags.server";
import { listMembers } from "../models/members.server";
import { MAX_SELECTION } from "./code-selection.server";
import { can } from "../workspaces/roles";
import { appOrigin, appUrl } from "../config/app-url.server";
import { sharePath } from "../models/qr-codes.server";

// The Analytics tab: the workspace's codes with their downloads and scans, searched, filtered,
// sorted and paged by cursor (issue #29), and what may be done to a code from it (rename, share
// or stop sharing, delete; tags and several at once go to /dashboard/selection).

/** Codes per page of the list. */
export const PAGE_SIZE = 20;
/** Days shown in the activity chart. */
const CHART_DAYS = 30;
/** For its first week an account sees its achievements open; after, folded under the codes. */
const ACHIEVEMENTS_OPEN_DAYS = 7;

export async function analyticsTab(
  db: Database,
  membership: Membership,
  url: URL,
  now: Date,
  accountCreatedAt: Date,
  t: Translate,
  /** The page's locale ("de"): a scheduled change's time is written its way. */
  locale: string,
) {
  // The workspace's plan (its owner's) decides what the dashboard shows.
  const plan = workspacePlan(membership, now);
  const analytics = PLANS[plan].capabilities.analyticsRetentionDays !== 0;
  const workspaceId = membership.workspace.id;
  let list = listQuery(url.searchParams);
  const load = () =>
    dashboardOverview(db, workspaceId, {
      list,
      limit: PAGE_SIZE,
      analytics,
      chartDays: CHART_DAYS,
      now,
    });
  let loaded = await load();
  // Back at the start, a short first page would show: show the first page whole instead.
  if (list.before && loaded.page.previous === null && loaded.page.rows.length < PAGE_SIZE) {
    list = { ...list, before: null };
    loaded = await load();
  }
  const { page, matching, tags, totals, activity, breakdown } = loaded;
  const editing = canEditDestination(plan);
  // A shared code's link offers the formats of the workspace's plan (the share route checks it).
  const shareFormats = [
    ...(canDownloadSvg(plan).ok ? (["svg"] as const) : []),
    ...(canDownloadPrint(plan).ok ? (["pdf", "eps"] as const) : []),
  ];
  const origin = appOrigin();
  const codes = await Promise.all(
    page.rows.map((row) => listedCode(row, origin, shareFormats, locale)),
  );
  const confirming = await deletionToConfirm(db, workspaceId, url.searchParams.get("delete"));
  const members = await listMembers(db, workspaceId);
  return {
    canManageCodes: can(membership.role, "codes.manage"),
    /** Whether the plan lets tracked codes' destinations change, and why not (issue #21). */
    destinations: {
      allowed: editing.ok,
      refusal: editing.ok ? null : say(t, editing),
      upgradeHref: membership.role === "owner" ? "/dashboard?tab=plans" : "/pricing",
    },
    plan,
    analytics,
    activity,
    breakdown,
    totals,
    engagement: engagementRate(totals.totalScans, totals.totalDownloads),
    codes,
    list: {
      query: list,
      search: listSearch({ ...list, after: null, before: null }),
      filtered: isFiltered(list),
      matching,
      tags,
      creators: members.map((member) => ({
        id: member.userId,
        name: [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email,
      })),
      next: page.next ? `/dashboard${listSearch(list, { after: page.next })}` : null,
      previous: page.previous ? `/dashboard${listSearch(list, { before: page.previous })}` : null,
      first: page.previous
        ? `/dashboard${listSearch({ ...list, after: null, before: null })}`
        : null,
      maxSelection: MAX_SELECTION,
    },
    confirmDelete: confirming,
    achievementsOpen: now.getTime() - accountCreatedAt.getTime() < ACHIEVEMENTS_OPEN_DAYS * DAY_MS,
  };
}

const DAY_MS = 86_400_000;

/** A listed row as the page shows it, with its thumbnail's URL (named by its content hash). */
async function listedCode(
  row: ListedCode,
  origin: string,
  shareFormats: readonly ("svg" | "pdf" | "eps")[],
  locale: string,
) {
  const trackedUrl = row.slug
    ? shortLinkUrl(origin, { slug: row.slug, hostname: row.linkHost })
    : null;
  const hash = await thumbnailHash({
    type: row.type,
    data: JSON.stringify(JSON.parse(row.data)),
    customization: JSON.stringify(JSON.parse(row.customization)),
    logoUrl: row.logoUrl,
    linkUrl: trackedUrl,
  });
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    isPublic: row.isPublic,
    /** The public link of a shared code, by its unguessable share id (issue #27). */
    shareUrl: row.isPublic && row.shareId ? appUrl(sharePath(row.shareId)) : null,
    /** The same link in the other formats the plan offers, the design kept. */
    shareFormats:
      row.isPublic && row.shareId
        ? shareFormats.map((format) => ({ format, url: appUrl(sharePath(row.shareId!, format)) }))
        : [],
    createdAt: new Date(row.createdAt).toISOString(),
    downloads: row.downloads,
    scans: row.scans,
    creator: row.creatorName,
    tags: JSON.parse(row.tags) as string[],
    thumbnail: thumbnailPath(row.id, hash),
    trackedUrl,
    destination: row.slug && row.type === "url" ? row.destination : null,
    scheduled: scheduledView(row.scheduled ? JSON.parse(row.scheduled) : null, locale),
    disabled: row.slug ? row.disabled : null,
  };
}

/** The codes `?delete=1.2.3` asks to confirm deleting: the workspace's own, else none. */
async function deletionToConfirm(db: Database, workspaceId: string, value: string | null) {
  if (!value || !/^[0-9]+(\.[0-9]+)*$/.test(value)) return null;
  const ids = [...new Set(value.split(".").map(Number))].filter(Number.isSafeInteger);
  if (ids.length === 0 || ids.length > MAX_SELECTION) return null;
  const found = await workspaceCodesAmong(db, workspaceId, ids);
  if (found.length !== ids.length) return null;
  return found.map((code) => ({
    id: code.id,
    title: code.title,
    type: code.type,
  }));
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
  t: Translate,
) {
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  const back = "/dashboard";
  const missing = () =>
    redirectWithToast(request, back, {
      title: t("dashboard.toast.notFound.title"),
      description: t("dashboard.toast.notFound.description"),
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
        title: t("dashboard.toast.titleRequired.title"),
        description: t("dashboard.toast.titleRequired.description"),
        variant: "error",
      });
    }
    if (!(await renameCode(db, id, workspaceId, title))) return missing();
    return redirectWithToast(request, back, {
      title: t("dashboard.toast.renamed"),
      variant: "success",
    });
  }
  if (intent === "visibility") {
    const isPublic = form.get("public") === "true";
    if (!(await setCodeSharing(db, id, workspaceId, actor, isPublic))) return missing();
    return redirectWithToast(request, back, {
      title: isPublic
        ? t("dashboard.toast.sharingOn.title")
        : t("dashboard.toast.sharingOff.title"),
      description: isPublic
        ? t("dashboard.toast.sharingOn.description")
        : t("dashboard.toast.sharingOff.description"),
      variant: "success",
    });
  }
  if (intent === "delete") {
    const origin = appOrigin();
    if (!(await deleteCode(db, id, workspaceId, actor, origin))) return missing();
    return redirectWithToast(request, back, {
      title: t("dashboard.toast.deleted"),
      variant: "success",
    });
  }
  throw redirect(back, 303);
}
