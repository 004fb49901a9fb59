import { jsonProblem, NO_STORE } from "../auth/responses.server";
import { getUser } from "../auth/user.server";
import { engagementRate } from "../codes/engagement";
import { createDatabase } from "../db/client.server";
import { listCodes, scanCounts, usageTotals } from "../models/qr-codes.server";
import type { Route } from "./+types/api.analytics";

const RECENT = 10;

/** GET /api/analytics (spec section 7): totals and the most recent codes, signed in only. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user) return jsonProblem(401, "Authentication required", { code: "UNAUTHORIZED" });
  const db = createDatabase();
  const [totals, codes] = await Promise.all([
    usageTotals(db, user.id),
    listCodes(db, user.id, { limit: RECENT }),
  ]);
  const scans = await scanCounts(
    db,
    user.id,
    codes.map((code) => code.id),
  );
  return Response.json(
    {
      ...totals,
      recentQRCodes: codes.map((code) => ({
        id: code.id,
        type: code.type,
        title: code.title,
        createdAt: code.createdAt.toISOString(),
        downloadCount: code.downloadCount,
        scanCount: scans.get(code.id) ?? 0,
        engagementRate: engagementRate(scans.get(code.id) ?? 0, code.downloadCount),
        isPublic: code.isPublic,
      })),
    },
    { headers: NO_STORE },
  );
}
