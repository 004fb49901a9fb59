import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { suspendSchema } from "./suspension-schema";
import { staffAuditPage } from "./audit.server";
import { workspacePath } from "./lookup";
import { workspaceFacts, workspaceMembersOf } from "./lookup.server";
import { liftSuspension, suspendWorkspace } from "./suspension.server";

// /staff/workspaces/{id} (issue #31): a workspace's facts for staff, read-only, and the one thing
// staff change there: its suspension.

const NOT_FOUND = "No workspace has this id. Look it up again on the lookup page.";

export async function staffWorkspacePage(db: Database, id: string, now: Date) {
  const [facts] = await workspaceFacts(db, [id], now);
  if (!facts) throw data(NOT_FOUND, { status: 404 });
  const [members, audit] = await Promise.all([
    workspaceMembersOf(db, id),
    staffAuditPage(db, { subject: { type: "workspace", id } }),
  ]);
  return {
    workspace: facts,
    members,
    audit: audit.entries.map((entry) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      staff: entry.staffEmail,
      action: entry.action,
      reason: typeof entry.details?.reason === "string" ? entry.details.reason : "",
    })),
  };
}

export async function staffWorkspaceAction(
  request: Request,
  db: Database,
  staff: UserRecord,
  id: string,
  now: Date,
) {
  const [facts] = await workspaceFacts(db, [id], now);
  if (!facts) throw data(NOT_FOUND, { status: 404 });
  const form = await request.formData();
  const back = `${workspacePath(id)}#suspension`;
  const intent = form.get("intent");
  if (intent === "lift") {
    const lifted = await liftSuspension(db, staff, id, now);
    return redirectWithToast(request, back, {
      title: lifted ? "Suspension lifted" : "Not suspended",
      description: lifted
        ? `${facts.name} works again as before; its owner and admins were e-mailed.`
        : "Someone lifted it already.",
      variant: lifted ? "success" : "error",
    });
  }
  if (intent !== "suspend") {
    return data(
      { result: null, message: "Choose to suspend the workspace or to lift its suspension." },
      { status: 400 },
    );
  }
  const submission = parseWithZod(form, { schema: suspendSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), message: null }, { status: 400 });
  }
  const suspended = await suspendWorkspace(db, staff, id, submission.value.reason, now);
  return redirectWithToast(request, back, {
    title: suspended ? "Workspace suspended" : "Already suspended",
    description: suspended
      ? `${facts.name} is suspended; its owner and admins were e-mailed the reason.`
      : "Someone suspended it already; lift it first to change the reason.",
    variant: suspended ? "success" : "error",
  });
}
