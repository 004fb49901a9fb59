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
