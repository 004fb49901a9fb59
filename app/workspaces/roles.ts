import type { WorkspaceRole } from "../db/schema";

// The one role table (ARCHITECTURE.md decision 10): what each role of a workspace may do. Every
// loader, action and API handler asks `can()`; nothing else decides. Pure, and every cell is
// tested (tests/unit/roles.test.ts).

export const WORKSPACE_ACTIONS = [
  /** See the workspace's codes and download them. */
  "codes.view",
  /** Create, edit (title, sharing, destination) and delete codes. */
  "codes.manage",
  /** See downloads, scans and the charts. */
  "analytics.view",
  /** Save, rename, change and delete the workspace's brand styles (saved designs). */
  "styles.manage",
  /** Invite, revoke invitations, change roles, remove members. */
  "members.manage",
  /** Read the audit log. */
  "audit.view",
  /** Create and revoke the workspace's API keys. */
  "api.manage",
  /** Add, check and remove the workspace's custom domains for tracked links. */
  "domains.manage",
  /** Add, test and remove the workspace's webhook endpoints; see their secrets and deliveries. */
  "integrations.manage",
  /** Set the workspace's white-label brand (name, logo, accent colour, favicon, support link). */
  "brand.manage",
  /** Change the workspace's name. */
  "workspace.rename",
  /** Set the workspace's security policies: the session-length limit and requiring two-factor
   * sign-in (issue #31). */
  "security.manage",
  /** Change the plan, pay, cancel. */
  "billing.manage",
  /** Hand the workspace to another member. */
  "ownership.transfer",
  /** Delete the workspace with everything in it. */
  "workspace.delete",
] as const;

export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

const TABLE: Record<WorkspaceRole, ReadonlySet<WorkspaceAction>> = {
  owner: new Set(WORKSPACE_ACTIONS),
  admin: new Set([
    "codes.view",
    "codes.manage",
    "styles.manage",
    "analytics.view",
    "members.manage",
    "audit.view",
    "api.manage",
    "domains.manage",
    "integrations.manage",
    "brand.manage",
    "workspace.rename",
    "security.manage",
  ]),
  editor: new Set(["codes.view", "codes.manage", "styles.manage", "analytics.view"]),
  viewer: new Set(["codes.view", "analytics.view"]),
};

export function can(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return TABLE[role].has(action);
}

/** What a person sees next to a role when choosing one. */
export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: "Everything, including billing, transferring ownership and deleting the workspace",
  admin: "Manages members and invitations, and everything on codes",
  editor: "Creates, edits and deletes codes and brand styles; sees analytics",
  viewer: "Sees and downloads codes; sees analytics",
};

/** The roles an invitation or a role change may give: ownership only moves by transfer. */
export const ASSIGNABLE_ROLES = ["admin", "editor", "viewer"] as const satisfies WorkspaceRole[];

/** The refusal a person sees when their role does not allow an action. */
export function refusal(action: WorkspaceAction): string {
  switch (action) {
    case "codes.view":
    case "analytics.view":
      return "You are not a member of this workspace.";
    case "codes.manage":
      return "Your role in this workspace lets you see and download codes, not change them. Ask an owner or admin for the editor role.";
    case "styles.manage":
      return "Your role in this workspace lets you use its brand styles, not change them. Ask an owner or admin for the editor role.";
    case "members.manage":
    case "audit.view":
    case "api.manage":
    case "domains.manage":
    case "integrations.manage":
    case "brand.manage":
    case "workspace.rename":
    case "security.manage":
      return "Only the workspace's owner and admins can do this.";
    default:
      return "Only the workspace's owner can do this.";
  }
}
