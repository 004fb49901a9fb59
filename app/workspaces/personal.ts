import type { Translate } from "../i18n/i18n";

/** Every account's personal workspace: its id is derived from the account's. */
export function personalWorkspaceId(userId: string): string {
  return `ws_${userId}`;
}

export const PERSONAL_WORKSPACE_NAME = "Personal";

interface Named {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** "Ada Lovelace", or the address when the account has no name. */
export function personName(person: Named): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email;
}

/**
 * What a member calls a workspace. Everyone's personal workspace starts as "Personal", which
 * says nothing to the other people in it: for them it is "Ada Lovelace's workspace" until its
 * owner gives it a name. `viewerId` null: as anyone but the owner calls it (an invitation).
 */
export function workspaceLabel(
  workspace: { name: string; personal: boolean; ownerId: string },
  owner: Named,
  viewerId: string | null,
): string {
  if (workspace.personal && workspace.ownerId !== viewerId) {
    if (workspace.name === PERSONAL_WORKSPACE_NAME) return `${personName(owner)}'s workspace`;
  }
  return workspace.name;
}

/**
 * The label as a page shows it (issue #32): the default names ("Personal", "Ada Lovelace's
 * workspace") in the page's language; a name someone gave stays as they wrote it.
 */
export function saidWorkspaceLabel(
  t: Translate,
  {
    workspace,
    owner,
    label,
  }: { workspace: { name: string; personal: boolean }; owner: Named; label: string },
): string {
  if (!workspace.personal || workspace.name !== PERSONAL_WORKSPACE_NAME) return label;
  return label === PERSONAL_WORKSPACE_NAME
    ? t("common.workspace.personal")
    : t("common.workspace.of", { name: personName(owner) });
}
