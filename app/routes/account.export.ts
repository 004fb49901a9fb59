import { accountExport, exportFileName } from "../accounts/export.server";
import { requireUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import type { Route } from "./+types/account.export";
import { appOrigin } from "../config/app-url.server";

/** GET /account/export: "Download my data", one JSON file of everything the account holds. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const now = new Date();
  const body = await accountExport(createDatabase(), user, appOrigin(), now);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "no-store",
    },
  });
}
