import type { UserRecord } from "../db/schema";
import { readCookie } from "../security/visitor.server";
import { TIME_ZONE_COOKIE, validTimeZone } from "./format";

// The zone a reader's pages are written in (issue #30): the one kept in their account settings,
// else the one their browser last reported in the tz cookie, else none yet (the pages say UTC).

export interface ViewerZone {
  zone: string | null;
  /** Chosen on /account: the browser's own zone no longer overrides it. */
  saved: boolean;
}

export function viewerTimeZone(
  request: Request,
  user: Pick<UserRecord, "timeZone"> | null,
): ViewerZone {
  const saved = validTimeZone(user?.timeZone);
  if (saved) return { zone: saved, saved: true };
  return { zone: validTimeZone(readCookie(request, TIME_ZONE_COOKIE)), saved: false };
}
