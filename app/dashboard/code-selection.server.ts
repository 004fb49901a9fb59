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
import { checkTag, TOO_MANY_TAGS_MESSAGE } from "../codes/tags";
import { appOrigin } from "../config/app-url.server";
import type { Database } from "../db/client.server";
import { qrCodes, type UserRecord } from "../db/schema";
import { addTag, removeTag, workspaceCodesAmong } from "../models/code-tags.server";
import { savedContent } from "../models/qr-codes.server";
import type { Membership } from "../models/workspaces.server";
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
  const { request, db, membership, form, user } = context;
  const back = backToList(form);
  const refuse = (title: string, description: string) =>
    redirectWithToast(request, back, { title, description, variant: "error" });
  const action = String(form.get("action") ?? "");
  if (!SELECTION_ACTIONS.includes(action as SelectionAction)) {
    return refuse("Choose an action", "Pick what to do with the selected codes, then Apply.");
  }
  const ids = selectedIds(form);
  if (ids === null)
    return refuse("Unknown codes", "The selection holds something that is not a code.");
  if (ids.length === 0) {
    return refuse("No codes selected", "Tick the box of each code first, then Apply.");
  }
  if (ids.length > MAX_SELECTION) {
    return refuse(
      "Too many codes selected",
      `Choose at most ${MAX_SELECTION} codes at a time (you chose ${ids.length}). For more, use Bulk create's ZIP.`,
    );
  }
  const manage = action !== "zip";
  if (manage && !can(membership.role, "codes.manage")) {
    return new Response(
      `As a ${membership.role} of this workspace you can see and download its codes, but not change or delete them.`,
      { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  const workspaceId = membership.workspace.id;
  const found = await workspaceCodesAmong(db, workspaceId, ids);
  if (found.length !== ids.length) {
    return refuse(
      "Some codes are not here",
      "Some of the selected codes are not in this workspace (deleted, or another workspace's). Nothing was changed.",
    );
  }
  const count = `${ids.length} ${ids.length === 1 ? "code" : "codes"}`;

  if (action === "delete") {
    // Without JavaScript the confirmation is a page of its own: the list, with the question on top.
    return redirect(`${backToList(form, `delete=${ids.join(".")}`)}#result`, 303);
  }
  if (action === "delete-confirmed") {
    const actor = { id: user.id, email: user.email };
    const origin = appOrigin();
    for (const id of ids) await deleteCode(db, id, workspaceId, actor, origin);
    return redirectWithToast(request, back, { title: `${count} deleted`, variant: "success" });
  }
  if (action === "tag" || action === "untag") {
    const checked = checkTag(form.get("tag"));
    if (!checked.ok) return refuse("Tag not valid", checked.message);
    if (action === "untag") {
      await removeTag(db, workspaceId, ids, checked.tag);
      return redirectWithToast(request, back, {
        title: `Tag “${checked.tag}” removed`,
        description: `From ${count}.`,
        variant: "success",
      });
    }
    const full = await addTag(db, workspaceId, ids, checked.tag);
    if (full.length === ids.length) return refuse("Too many tags", TOO_MANY_TAGS_MESSAGE);
    return redirectWithToast(request, back, {
      title: `Tagged “${checked.tag}”`,
      description:
        full.length === 0
          ? `${count} now carry it.`
          : `${ids.length - full.length} of ${count} now carry it; ${full.length} already had the most tags a code can have.`,
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
