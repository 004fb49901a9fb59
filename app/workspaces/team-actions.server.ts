import { staleWorkspaceRefusal, type TabActionContext, tabT } from "../dashboard/tab-action.server";
import type { Toast } from "../components/toast";
import { redirectWithToast } from "../auth/flash.server";
import type { UserRecord } from "../db/schema";
import { revokeInvitation } from "../models/invitations.server";
import {
  changeRole,
  createWorkspace,
  deleteTeamWorkspace,
  endMembership,
  findMember,
  DEMOTED_OWNER_ROLE,
  renameWorkspace,
  transferOwnership,
} from "../models/members.server";
import { deleteBrandAssetsOf } from "../brand/assets.server";
import { releaseHostnames } from "../domains/release.server";
import { hostnamesOf } from "../models/custom-domains.server";
import { deleteLogosOf } from "../storage/logos.server";
import { describeError, log } from "../observability/log.server";
import { trackedSlugsIn } from "../models/qr-codes.server";
import { effectivePlan } from "../plans/effective";
import { forgetLinks } from "../scans/links.server";
import { chooseWorkspace, requirePermission } from "./current.server";
import { revokeKeysOfFormerManager, roleChangeRevokesKeys } from "./key-revocation.server";
import { inviteMember, TEAM_TAB } from "./invite.server";
import { personalWorkspaceId, personName } from "./personal";
import { seatLimit } from "./seats";
import { firstIssue, roleSchema, workspaceNameSchema } from "./team-forms";
import { appOrigin } from "../config/app-url.server";

// The team tab's forms (POST /dashboard, intent=…): each checks the role table, keeps the rules
// that protect the owner, changes one thing, and goes back to the tab with a message.

export const TEAM_INTENTS = [
  "invite",
  "revoke",
  "change-role",
  "remove",
  "leave",
  "transfer",
  "rename-workspace",
  "create-workspace",
  "delete-workspace",
] as const;

type TeamIntent = (typeof TEAM_INTENTS)[number];

export function isTeamIntent(intent: unknown): intent is TeamIntent {
  return TEAM_INTENTS.includes(intent as TeamIntent);
}

export const PERSONAL_IS_YOURS =
  "This is your personal workspace: it belongs to your account, so it cannot be left or handed over. Create a team workspace for that.";

type Ctx = TabActionContext;

const back = (ctx: Ctx, toast: Toast, cookies: string[] = [], to = TEAM_TAB) =>
  redirectWithToast(ctx.request, to, toast, cookies);
const refuse = (ctx: Ctx, title: string, description?: string) =>
  back(ctx, { title, description, variant: "error" });
const actor = (user: UserRecord) => ({ id: user.id, email: user.email });
const noticeOf = (ctx: Ctx) => ({
  id: ctx.membership.workspace.id,
  name: ctx.membership.workspace.name,
  owner: ctx.membership.owner,
});

export async function teamAction(intent: TeamIntent, ctx: Ctx): Promise<Response> {
  if (intent === "create-workspace") return create(ctx);
  const stale = staleWorkspaceRefusal(ctx, TEAM_TAB);
  if (stale) return stale;
  switch (intent) {
    case "invite":
      return inviteMember(ctx.request, ctx.db, ctx.user, ctx.membership, ctx.form);
    case "revoke":
      return revoke(ctx);
    case "change-role":
      return role(ctx);
    case "remove":
      return remove(ctx);
    case "leave":
      return leave(ctx);
    case "transfer":
      return transfer(ctx);
    case "rename-workspace":
      return rename(ctx);
    case "delete-workspace":
      return destroy(ctx);
  }
}

async function revoke(ctx: Ctx) {
  requirePermission(ctx.membership, "members.manage");
  const id = String(ctx.form.get("invitation") ?? "");
  const revoked = await revokeInvitation(ctx.db, ctx.membership.workspace.id, id, actor(ctx.user));
  if (!revoked)
    return refuse(
      ctx,
      tabT(ctx)("team.toast.invitationGone"),
      tabT(ctx)("team.toast.invitationGoneText"),
    );
  return back(ctx, {
    title: tabT(ctx)("team.toast.invitationRevoked"),
    description: tabT(ctx)("team.toast.invitationRevokedText", { email: revoked.email }),
    variant: "success",
  });
}

/** The member a form names, in the current workspace only. */
function namedMember(ctx: Ctx) {
  return findMember(ctx.db, ctx.membership.workspace.id, String(ctx.form.get("member") ?? ""));
}

const memberGone = (ctx: Ctx) =>
  refuse(ctx, tabT(ctx)("team.toast.memberGone"), tabT(ctx)("team.toast.memberGoneText"));

async function role(ctx: Ctx) {
  requirePermission(ctx.membership, "members.manage");
  const parsed = roleSchema.safeParse({
    member: ctx.form.get("member"),
    role: ctx.form.get("role"),
  });
  if (!parsed.success) return refuse(ctx, "Role not changed", firstIssue(parsed.error));
  const member = await namedMember(ctx);
  if (!member) return memberGone(ctx);
  if (member.userId === ctx.user.id)
    return refuse(ctx, tabT(ctx)("team.toast.roleNotChanged"), tabT(ctx)("team.toast.ownRole"));
  if (member.role === "owner") {
    return refuse(ctx, tabT(ctx)("team.toast.roleNotChanged"), tabT(ctx)("team.toast.ownerRole"));
  }
  const name = personName(member);
  if (member.role === parsed.data.role) {
    return back(ctx, {
      title: tabT(ctx)(`team.toast.already.${member.role}`, { name }),
    });
  }
  if (
    !(await changeRole(
      ctx.db,
      ctx.membership.workspace.id,
      member,
      parsed.data.role,
      actor(ctx.user),
    ))
  ) {
    return memberGone(ctx);
  }
  if (roleChangeRevokesKeys(member.role, parsed.data.role)) {
    await revokeKeysOfFormerManager(ctx.db, noticeOf(ctx), member, actor(ctx.user), "role");
  }
  return back(ctx, {
    title: tabT(ctx)("team.toast.roleChanged"),
    description: tabT(ctx)(`team.toast.roleNow.${parsed.data.role}`, { name }),
    variant: "success",
  });
}

async function remove(ctx: Ctx) {
  requirePermission(ctx.membership, "members.manage");
  const member = await namedMember(ctx);
  if (!member) return memberGone(ctx);
  if (member.userId === ctx.user.id)
    return refuse(ctx, tabT(ctx)("team.toast.notRemoved"), tabT(ctx)("team.toast.leaveInstead"));
  if (member.role === "owner")
    return refuse(ctx, tabT(ctx)("team.toast.notRemoved"), tabT(ctx)("team.toast.ownerStays"));
  const done = await endMembership(
    ctx.db,
    ctx.membership.workspace.id,
    member,
    actor(ctx.user),
    "member.removed",
  );
  if (!done) return memberGone(ctx);
  await revokeKeysOfFormerManager(ctx.db, noticeOf(ctx), member, actor(ctx.user), "removed");
  return back(ctx, {
    title: tabT(ctx)("team.toast.memberRemoved"),
    description: tabT(ctx)("team.toast.memberRemovedText", { name: personName(member) }),
    variant: "success",
  });
}

async function leave(ctx: Ctx) {
  const { workspace, role } = ctx.membership;
  if (role === "owner") {
    return refuse(
      ctx,
      "You cannot leave",
      workspace.personal
        ? PERSONAL_IS_YOURS
        : "You own this workspace. Transfer ownership to another member before you leave.",
    );
  }
  const me = await findMember(ctx.db, workspace.id, ctx.user.id);
  if (!me || !(await endMembership(ctx.db, workspace.id, me, actor(ctx.user), "member.left"))) {
    return memberGone(ctx);
  }
  await revokeKeysOfFormerManager(ctx.db, noticeOf(ctx), me, actor(ctx.user), "left");
  return back(
    ctx,
    { title: tabT(ctx)("team.toast.left", { name: ctx.membership.label }), variant: "success" },
    [await chooseWorkspace(ctx.request, personalWorkspaceId(ctx.user.id))],
    "/dashboard",
  );
}

async function transfer(ctx: Ctx) {
  requirePermission(ctx.membership, "ownership.transfer");
  if (ctx.membership.workspace.personal)
    return refuse(ctx, "Ownership not transferred", PERSONAL_IS_YOURS);
  const member = await namedMember(ctx);
  if (!member) return memberGone(ctx);
  if (member.userId === ctx.user.id)
    return refuse(ctx, "Ownership not transferred", "You own it already.");
  if (!(await transferOwnership(ctx.db, ctx.membership.workspace.id, actor(ctx.user), member))) {
    return memberGone(ctx);
  }
  // The new owner keeps their keys; the former owner, an admin now, keeps theirs while admins
  // manage keys (the role table decides).
  if (roleChangeRevokesKeys("owner", DEMOTED_OWNER_ROLE)) {
    const me = { userId: ctx.user.id, ...ctx.user };
    const notice = { ...noticeOf(ctx), owner: { ...member, id: member.userId } };
    await revokeKeysOfFormerManager(ctx.db, notice, me, actor(ctx.user), "role");
  }
  return back(ctx, {
    title: tabT(ctx)("team.toast.transferred"),
    description: tabT(ctx)("team.toast.transferredText", {
      name: personName(member),
      workspace: ctx.membership.label,
    }),
    variant: "success",
  });
}

async function rename(ctx: Ctx) {
  requirePermission(ctx.membership, "workspace.rename");
  const parsed = workspaceNameSchema.safeParse({ name: ctx.form.get("name") });
  if (!parsed.success) return refuse(ctx, "Not renamed", firstIssue(parsed.error));
  const { workspace } = ctx.membership;
  await renameWorkspace(ctx.db, workspace.id, workspace.name, parsed.data.name, actor(ctx.user));
  return back(ctx, {
    title: tabT(ctx)("team.toast.renamed"),
    description: tabT(ctx)("team.toast.renamedText", { name: parsed.data.name }),
    variant: "success",
  });
}

async function destroy(ctx: Ctx) {
  requirePermission(ctx.membership, "workspace.delete");
  const { workspace, label } = ctx.membership;
  if (workspace.personal) {
    return refuse(
      ctx,
      "Workspace not deleted",
      "Your personal workspace goes only with your account. To delete everything, delete your account on the Account page.",
    );
  }
  const typed = String(ctx.form.get("confirm") ?? "").trim();
  if (typed !== workspace.name) {
    return refuse(
      ctx,
      tabT(ctx)("team.toast.notDeleted"),
      tabT(ctx)("team.toast.typeName", { name: workspace.name }),
    );
  }
  const slugs = await trackedSlugsIn(ctx.db, { workspaceId: workspace.id });
  const hostnames = await hostnamesOf(ctx.db, { workspaceId: workspace.id });
  if (!(await deleteTeamWorkspace(ctx.db, workspace.id, ctx.user.id))) {
    return refuse(ctx, "Workspace not deleted", "It may have been deleted or handed over already.");
  }
  // Its custom hostnames are let go at the provider too (queued when the provider fails).
  await releaseHostnames(hostnames);
  await forgetLinks(appOrigin(), slugs);
  // Its logos go with it (a failure leaves them to the nightly sweep: nothing uses them).
  await deleteLogosOf(workspace.id).catch((cause: unknown) => {
    log("warn", "workspace_logos_left", { workspaceId: workspace.id, ...describeError(cause) });
  });
  await deleteBrandAssetsOf([workspace.id]).catch((cause: unknown) => {
    log("warn", "workspace_brand_assets_left", {
      workspaceId: workspace.id,
      ...describeError(cause),
    });
  });
  return back(
    ctx,
    {
      title: tabT(ctx)("team.toast.deleted", { name: label }),
      description: tabT(ctx)("team.toast.deletedText"),
      variant: "success",
    },
    [await chooseWorkspace(ctx.request, personalWorkspaceId(ctx.user.id))],
    "/dashboard",
  );
}

async function create(ctx: Ctx) {
  if (seatLimit(effectivePlan(ctx.user, new Date())) <= 1) {
    return refuse(
      ctx,
      "Team workspaces need Premium or Ultimate",
      "Your Free plan has your personal workspace. Upgrade to work with others.",
    );
  }
  const parsed = workspaceNameSchema.safeParse({ name: ctx.form.get("name") });
  if (!parsed.success) return refuse(ctx, "Workspace not created", firstIssue(parsed.error));
  const id = await createWorkspace(ctx.db, ctx.user, parsed.data.name);
  return back(
    ctx,
    {
      title: tabT(ctx)("team.toast.created", { name: parsed.data.name }),
      description: tabT(ctx)("team.toast.createdText"),
      variant: "success",
    },
    [await chooseWorkspace(ctx.request, id)],
  );
}
