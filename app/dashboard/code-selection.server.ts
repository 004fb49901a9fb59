import { env } from "cloudflare:workers";
import { redirect } from "react-router";
import { inArray, and, eq } from "drizzle-orm";
import { redirectWithToast } from "../auth/flash.server";
import { assignFileNames } from "../bulk/names";
import { ZipToR2 } from "../bulk/zip.server";
import { BULK_PREFIX } from "../bulk/jobs.server";
import { deleteCode } from "../codes/changes.server";
import { listQuery, listSearch } from "../codes/listing";
import { savedImage } from "../codes/saved-image.server";
import { checkTag, MAX_TAGS_PER_CODE } from "../codes/tags";
import { appOrigin } from "../config/app-url.server";
import type { Database } from "../db/client.server";
import { qrCodes, type UserRecord } from "../db/schema";
import { addTag, removeTag, workspaceCodesAmong } from "../models/code-tags.server";
import { savedContent } from "../models/qr-codes.server";
import type { Membership } from "../models/workspaces.server";
import type { Translate } from "../i18n/locale.server";
import { say } from "../i18n/phrase";
import { can } from "../workspaces/roles";

// What the dashboard does to several codes at once (issue #29): delete (after a confirmation
// page), tag, untag, or download as a ZIP. A row's own tag buttons post here with its one id.
// Every id must be a code of the current workspace: one that is not refuses the whole action,
// so nothing of another workspace (and nothing else either) changes.

/** Codes per action: one page of the list; a ZIP draws (and reads back) each code's PNG. */
export const MAX_SELECTION = 25;

export const SELECTION_ACTIONS = ["zip", "tag", "untag", "delete", "delete-confirmed"] as const;
type SelectionAction = (typeof SELECTION_ACTIONS)[number];

const ID = /^[1-9][0-9]{0,15}$/;

export interface SelectionContext {
  request: Request;
  db: Database;
  user: UserRecord;
  membership: Membership;
  form: FormData;
  /** The request's language, for the messages the list shows after the action. */
  t: Translate;
}

/** The list the person came from: its query string, rebuilt by the list's own parser. */
export function backToList(form: FormData, extra = ""): string {
  const query = listQuery(new URLSearchParams(String(form.get("back") ?? "")));
  const search = listSearch(query);
  const joined = extra ? (search ? `${search}&${extra}` : `?${extra}`) : search;
  return `/dashboard${joined}`;
}

/** The selected ids: every `ids` field, each also allowed as a comma-separated list. */
function selectedIds(form: FormData): number[] | null {
  const raw = form
    .getAll("ids")
    .flatMap((value) => String(value).split(","))
    .map((value) => value.trim())
    .filter(Boolean);
  if (raw.some((value) => !ID.test(value))) return null;
  return [...new Set(raw.map(Number))];
}

export async function selectionAction(context: SelectionContext): Promise<Response> {
  const { request, db, membership, form, user, t } = context;
  const back = backToList(form);
  const refuse = (title: string, description: string) =>
    redirectWithToast(request, back, { title, description, variant: "error" });
  const action = String(form.get("action") ?? "");
  if (!SELECTION_ACTIONS.includes(action as SelectionAction)) {
    return refuse(t("dashboard.toast.noAction.title"), t("dashboard.toast.noAction.description"));
  }
  const ids = selectedIds(form);
  if (ids === null)
    return refuse(t("dashboard.toast.unknown.title"), t("dashboard.toast.unknown.description"));
  if (ids.length === 0) {
    return refuse(t("dashboard.toast.none.title"), t("dashboard.toast.none.description"));
  }
  if (ids.length > MAX_SELECTION) {
    return refuse(
      t("dashboard.toast.tooMany.title"),
      t("dashboard.toast.tooMany.description", { max: MAX_SELECTION, count: ids.length }),
    );
  }
  const manage = action !== "zip";
  if (manage && !can(membership.role, "codes.manage")) {
    return new Response(
      t("dashboard.selection.forbidden", { role: t(`dashboard.role.${membership.role}`) }),
      { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  const workspaceId = membership.workspace.id;
  const found = await workspaceCodesAmong(db, workspaceId, ids);
  if (found.length !== ids.length) {
    return refuse(t("dashboard.toast.notHere.title"), t("dashboard.toast.notHere.description"));
  }
  const count = ids.length;

  if (action === "delete") {
    // Without JavaScript the confirmation is a page of its own: the list, with the question on top.
    return redirect(`${backToList(form, `delete=${ids.join(".")}`)}#result`, 303);
  }
  if (action === "delete-confirmed") {
    const actor = { id: user.id, email: user.email };
    const origin = appOrigin();
    for (const id of ids) await deleteCode(db, id, workspaceId, actor, origin);
    return redirectWithToast(request, back, {
      title: t("dashboard.toast.deletedMany", { count }),
      variant: "success",
    });
  }
  if (action === "tag" || action === "untag") {
    const checked = checkTag(form.get("tag"));
    if (!checked.ok) return refuse(t("dashboard.toast.badTag"), say(t, checked));
    if (action === "untag") {
      await removeTag(db, workspaceId, ids, checked.tag);
      return redirectWithToast(request, back, {
        title: t("dashboard.toast.untagged.title", { tag: checked.tag }),
        description: t("dashboard.toast.untagged.description", { count }),
        variant: "success",
      });
    }
    const full = await addTag(db, workspaceId, ids, checked.tag);
    if (full.length === ids.length) {
      return refuse(
        t("dashboard.toast.tooManyTags.title"),
        t("dashboard.toast.tooManyTags.description", { max: MAX_TAGS_PER_CODE }),
      );
    }
    return redirectWithToast(request, back, {
      title: t("dashboard.toast.tagged.title", { tag: checked.tag }),
      description:
        full.length === 0
          ? t("dashboard.toast.tagged.all", { count })
          : t("dashboard.toast.tagged.some", {
              tagged: ids.length - full.length,
              count,
              full: full.length,
            }),
      variant: "success",
    });
  }
  return selectionZip(db, workspaceId, ids);
}

/**
 * The selected codes' PNGs in one ZIP, written by the bulk ZIP writer under the bulk prefix
 * (whose nightly sweep removes a folder without its batch, should this request die half-way),
 * read back and removed. Every PNG comes from the saved-image path, which reads a styled
 * design back with a decoder before handing it out.
 */
async function selectionZip(db: Database, workspaceId: string, ids: number[]) {
  const codes = await db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.workspaceId, workspaceId), inArray(qrCodes.id, ids)))
    .orderBy(qrCodes.id)
    .all();
  const names = assignFileNames(
    codes.map((code) => ({ row: code.id, title: code.title ?? `${code.type}-${code.id}` })),
  );
  const key = `${BULK_PREFIX}selection-${crypto.randomUUID()}/codes.zip`;
  const writer = new ZipToR2(env.LOGOS, key);
  const skipped: string[] = [];
  try {
    for (const [index, code] of codes.entries()) {
      const content = savedContent(code);
      if (!content) {
        skipped.push(names[index]!);
        continue;
      }
      const image = await savedImage(db, code, content, appOrigin(), "png");
      try {
        const bytes = await image.render();
        await writer.add(`${names[index]}.png`, bytes as Uint8Array, false);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        skipped.push(`${names[index]}: ${error.message}`);
      }
    }
    if (skipped.length > 0) {
      const note = `These codes could not be drawn:\n${skipped.join("\n")}\n`;
      await writer.add("not-included.txt", new TextEncoder().encode(note), true);
    }
    await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  const object = await env.LOGOS.get(key);
  const bytes = object ? await object.arrayBuffer() : new ArrayBuffer(0);
  await env.LOGOS.delete(key);
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="qr-codes-${ids.length}.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
