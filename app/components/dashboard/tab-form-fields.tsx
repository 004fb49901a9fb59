/**
 * What every dashboard tab's form sends besides its fields: which action it is, and the
 * workspace it was shown for (refused if it has changed since: app/dashboard/tab-action.server.ts).
 */
export function TabFormFields({ workspaceId, intent }: { workspaceId: string; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="workspace" value={workspaceId} />
    </>
  );
}
