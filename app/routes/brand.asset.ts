import { brandAssetResponse } from "../brand/assets.server";
import type { Route } from "./+types/brand.asset";

/** GET /brand/{workspace}/{logo|favicon}/{sha256}: a workspace's brand image (issue #18). */
export async function loader({ params }: Route.LoaderArgs) {
  const answer = await brandAssetResponse(params.workspace, params.kind, params.digest);
  if (answer) return answer;
  return new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
