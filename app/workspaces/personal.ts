/** Every account's personal workspace: its id is derived, so finding it needs no query. */
export function personalWorkspaceId(userId: string): string {
  return `ws_${userId}`;
}

export const PERSONAL_WORKSPACE_NAME = "Personal";
