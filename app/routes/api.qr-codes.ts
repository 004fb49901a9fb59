import { jsonProblem, NO_STORE } from "../auth/responses.server";
import { getMembership } from "../workspaces/current.server";
import { createDatabase } from "../db/client.server";
import { listCodes } from "../models/qr-codes.server";
import type { Route } from "./+types/api.qr-codes";

/** The saved codes of the signed-in user's current workspace, newest first (spec section 7). */
export async function loader({ context }: Route.LoaderArgs) {
  const membership = await getMembership(context);
  if (!membership) return jsonProblem(401, "Authentication required", { code: "UNAUTHORIZED" });
  const codes = await listCodes(createDatabase(), membership.workspace.id);
  return Response.json(
    codes.map((code) => ({
      id: code.id,
      type: code.type,
      data: code.data,
      customization: code.customization,
      title: code.title,
      logoUrl: code.logoUrl,
      downloadCount: code.downloadCount,
      isPublic: code.isPublic,
      createdAt: code.createdAt.toISOString(),
      updatedAt: code.updatedAt.toISOString(),
    })),
    { headers: NO_STORE },
  );
}
