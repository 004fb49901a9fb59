// A workspace suspended by staff (issue #31): what its members, its API callers and the people
// holding its share links are told. Pure: the pages, the API and the e-mails say the same words.
// The staff form's rule is app/staff/suspension-schema.ts.

export const SUPPORT_PATH = "/support";

export interface Suspendable {
  suspendedAt: Date | null;
  suspendedReason: string | null;
}

/**
 * Whether a post to `pathname` acts in the current workspace: the generator's save, the
 * dashboard and its code pages, bulk jobs and the app's own code endpoints. Account, support,
 * sign-in, billing and switching workspaces are the person's own, and stay open.
 */
export function actsInWorkspace(pathname: string): boolean {
  return (
    pathname === "/" ||
    ["/dashboard", "/bulk", "/api/qr-codes"].some(
      (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
    )
  );
}

export function isSuspended(workspace: Suspendable): boolean {
  return workspace.suspendedAt !== null;
}

/** What a member reads on every page of the workspace and when a change is refused. */
export function suspensionMessage(reason: string | null): string {
  return `This workspace is suspended: ${reason ?? "no reason recorded"} — contact support to have it lifted.`;
}

/** The API's problem detail: callers are programs, read by the people who run them. */
export function suspendedApiDetail(reason: string | null): string {
  return `This workspace is suspended (${reason ?? "no reason recorded"}), so its API keys do not answer. Its owner can contact support through the Support page to have it lifted.`;
}

/** What someone downloading a saved code or opening its share link reads. */
export const SUSPENDED_DOWNLOAD =
  "This code's workspace is suspended, so its codes cannot be downloaded for now.";
