import { jsonProblem, NO_STORE } from "../auth/responses.server";
import { getMembership } from "../workspaces/current.server";
import { engagementRate } from "../codes/engagement";
import { createDatabase } from "../db/client.server";
import { codesWithCountsQuery, toUsageTotals, usageTotalsQuery } from "../models/qr-codes.server";
import type { Route } from "./+types/api.analytics";

const RECENT = 10;

/**
 * GET /api/analytics (spec section 7): totals and the most recent codes of the current
 * workspace, signed in only.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const membership = await getMembership(context);
  if (!membership) return jsonProblem(401, "Authentication required", { code: "UNAUTHORIZED" });
  const db = createDatabase();
  const workspaceId = membership.workspace.id;
  const [totals, codes] = await db.batch([
    usageTotalsQuery(db, workspaceId),
    codesWithCountsQuery(db, workspaceId, { limit: RECENT }),
  ]);
  return Response.json(
    {
      ...toUsageTotals(totals),
      recentQRCodes: codes.map(({ code, scans }) => ({
        id: code.id,
        type: code.type,
        title: code.title,
        createdAt: code.createdAt.toISOString(),
        downloadCount: code.downloadCount,
        scanCount: scans,
        engagementRate: engagementRate(scans, code.downloadCount),
        isPublic: code.isPublic,
      })),
    },
    { headers: NO_STORE },
  );
}
