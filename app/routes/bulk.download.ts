import { data } from "react-router";
import { zipResponse } from "../bulk/download.server";
import { createDatabase } from "../db/client.server";
import { findBulkJob } from "../models/bulk-jobs.server";
import { requireMembership, requirePermission } from "../workspaces/current.server";
import type { Route } from "./+types/bulk.download";

/** A finished batch's ZIP, streamed from R2 to members of its workspace. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const membership = await requireMembership(request, context);
  requirePermission(membership, "codes.view");
  const job = await findBulkJob(createDatabase(), params.id, membership.workspace.id);
  if (!job || job.status !== "done" || job.expiresAt <= new Date()) {
    throw data("This download does not exist or has expired (batches are kept 7 days).", {
      status: 404,
    });
  }
  return zipResponse(job.id, job.fileName);
}
