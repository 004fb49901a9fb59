import { handleApiRequest } from "../api/router.server";
import { requestInfoContext } from "../request-context";
import type { Route } from "./+types/api.v1";

// The public API (issue #16): every method of every path under /api/v1 goes to app/api/.

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApiRequest(request, context.get(requestInfoContext).waitUntil);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApiRequest(request, context.get(requestInfoContext).waitUntil);
}
