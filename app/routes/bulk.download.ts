import { data } from "react-router";
import { zipResponse } from "../bulk/download.server";
import { keptJob } from "../bulk/page.server";
import { createDatabase } from "../db/client.server";
import { requireMembership } from "../workspaces/current.server";
import { isSuspended, SUSPENDED_DOWNLOAD } from "../workspaces/suspension";
import type { Route } from "./+types/bulk.download";

/** A finished batch's ZIP, streamed from R2 to members of its workspace. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const membership = await requireMembership(request, context);
  // Staff suspended the workspace (issue #31): its batches are kept, not handed out.
  if (isSuspended(membership.workspace)) throw data(SUSPENDED_DOWNLOAD, { status: 403 });
  const job = await keptJob(createDatabase(), membership, params.id, new Date());
  const zip = job?.status === "done" ? await zipResponse(job.id, job.fileName) : null;
  if (!zip) {
    throw data("This download does not exist or has expired (batches are kept 7 days).", {
      status: 404,
    });
  }
  return zip;
}
