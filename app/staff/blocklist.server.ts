import { parseWithZod } from "@conform-to/zod/v4";
import { toUnicode } from "punycode/punycode.es6.js";
import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { maintainedBlocklist, normalizeDomain } from "../destinations/blocklist";
import { getSafeBrowsingSettings } from "../destinations/safe-browsing.server";
import {
  addBlockedDomain,
  linksToDomain,
  removeBlockedDomain,
  staffBlocklist,
} from "../models/link-blocklist.server";
import { recordStaffAction } from "./audit.server";
import { addBlockedDomainSchema } from "./blocklist";

// /staff/blocklist (issue #31): staff's entries of the domain blocklist, added and removed here
// and logged in the staff audit; the tracked links already leading to a blocked domain, shown so
// that staff can act on them (they keep redirecting: disabling is the takedown's job).

const PAGE = "/staff/blocklist";

/** The existing links to `domain` (and names under it), for the page. */
async function existingLinks(db: Database, domain: string) {
  const unicode = toUnicode(domain).toLowerCase();
  const found = await linksToDomain(db, domain, unicode === domain ? [domain] : [domain, unicode]);
  return {
    domain,
    count: found.count,
    links: found.links.map((link) => ({
      slug: link.slug,
      destination: link.targetUrl,
      codeId: link.codeId,
      title: link.title,
      workspace: link.workspace,
    })),
  };
}

export async function blocklistPage(db: Database, shown: string | null) {
  const entries = await staffBlocklist(db);
  const provider = getSafeBrowsingSettings().provider;
  const domain = shown ? normalizeDomain(shown) : null;
  return {
    entries: entries.map((entry) => ({
      domain: entry.domain,
      reason: entry.reason,
      by: entry.addedByEmail,
      at: entry.createdAt.toISOString(),
    })),
    maintainedCount: maintainedBlocklist().size,
    safeBrowsing: provider,
    shown: domain ? await existingLinks(db, domain) : null,
  };
}

export async function blocklistAction(request: Request, db: Database, staff: UserRecord) {
  const form = await request.formData();
  if (form.get("intent") === "remove") {
    const domain = normalizeDomain(String(form.get("domain") ?? ""));
    const removed = domain ? await removeBlockedDomain(db, domain) : null;
    if (!removed) {
      return redirectWithToast(request, PAGE, {
        title: "Nothing removed",
        description: "That domain is not on staff's blocklist (it may have been removed already).",
        variant: "error",
      });
    }
    await recordStaffAction(db, staff, {
      action: "blocklist.removed",
      subjectType: "blocklist",
      subjectId: removed.domain,
      details: { reason: removed.reason, addedBy: removed.addedByEmail },
    });
    return redirectWithToast(request, PAGE, {
      title: `${removed.domain} unblocked`,
      description: "New tracked links may lead there again.",
      variant: "success",
    });
  }
  const submission = parseWithZod(form, { schema: addBlockedDomainSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const domain = normalizeDomain(submission.value.domain)!;
  const refuse = (message: string) =>
    data({ result: submission.reply({ fieldErrors: { domain: [message] } }) }, { status: 400 });
  if (maintainedBlocklist().has(domain)) {
    return refuse(`${domain} is already on the maintained list file, so it is blocked everywhere.`);
  }
  const added = await addBlockedDomain(db, {
    domain,
    reason: submission.value.reason,
    staff,
  });
  if (!added) return refuse(`${domain} is already on the blocklist.`);
  const links = await existingLinks(db, domain);
  await recordStaffAction(db, staff, {
    action: "blocklist.added",
    subjectType: "blocklist",
    subjectId: domain,
    details: { reason: submission.value.reason, existingLinks: links.count },
  });
  const plural = links.count === 1 ? "link leads" : "links lead";
  return redirectWithToast(request, `${PAGE}?domain=${encodeURIComponent(domain)}#links`, {
    title: `${domain} blocked`,
    description: `No new tracked link may lead there. ${links.count} existing ${plural} there; they keep redirecting until disabled.`,
    variant: "success",
  });
}
