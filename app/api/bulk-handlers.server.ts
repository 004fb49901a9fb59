import { columnOf, type CsvRow, parseBulkCsv, tooManyRows } from "../bulk/csv";
import { zipResponse } from "../bulk/download.server";
import { createCheckedJob, jobOptions, startJob } from "../bulk/jobs.server";
import { MAX_LISTED_PROBLEMS, readOptions, UPGRADE_MESSAGE } from "../bulk/page.server";
import { checkRows, type RowProblem } from "../bulk/rows";
import type { BulkJobRecord } from "../db/schema";
import { bulkJobById, findKeptBulkJob } from "../models/bulk-jobs.server";
import { PLANS } from "../plans/catalogue";
import type { ApiCaller } from "./auth.server";
import { ApiProblem, type FieldError } from "./problem";
import { refuseLoopingRows } from "../bulk/loops.server";
import { refuseUnsafeRows } from "../bulk/safety.server";

// The bulk-jobs operations (issue #17): the /bulk page's batch, sent as JSON rows or a CSV file.
// Rows are checked by the same rules and the job is made by the same code (app/bulk).

interface BulkContext {
  origin: string;
  db: Parameters<typeof bulkJobById>[0];
  caller: ApiCaller;
  params: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** The rows of a batch, numbered, with the keys that are not batch columns. */
interface SentRows {
  rows: CsvRow[];
  unknownColumns: string[];
  /** Where a row's problem is reported: `rows[0].url` for JSON, the file for a CSV. */
  field: (problem: RowProblem) => FieldError;
  name: string;
}

function jsonRows(sent: Record<string, unknown>[], maxRows: number, name: unknown): SentRows {
  if (sent.length > maxRows) {
    const message = tooManyRows("The batch", maxRows);
    throw new ApiProblem("invalid_request", message, [{ field: "rows", message }]);
  }
  const unknown = new Set<string>();
  const rows = sent.map((record, index) => {
    const cells: CsvRow["cells"] = {};
    for (const [key, value] of Object.entries(record)) {
      const column = columnOf(key);
      if (!column) unknown.add(key);
      else cells[column] = value === null ? "" : String(value).trim();
    }
    return { row: index + 1, cells };
  });
  return {
    rows,
    unknownColumns: [...unknown],
    field: ({ row, column, message }) => ({ field: `rows[${row - 1}].${column}`, message }),
    name: typeof name === "string" && name ? name : "API batch",
  };
}

async function csvRows(file: File, maxRows: number, name: unknown): Promise<SentRows> {
  const parsed = parseBulkCsv(new Uint8Array(await file.arrayBuffer()), maxRows);
  if (!parsed.ok) {
    throw new ApiProblem("invalid_request", parsed.message, [
      { field: "file", message: parsed.message },
    ]);
  }
  return {
    rows: parsed.csv.rows,
    unknownColumns: parsed.csv.unknownColumns,
    field: ({ row, column, message }) => ({
      field: "file",
      message: `Row ${row}, ${column}: ${message}`,
    }),
    name:
      typeof name === "string" && name
        ? name
        : file.name.replace(/[\\/]/g, "-").slice(0, 120) || "upload.csv",
  };
}

/** The /bulk form's option names, as this API calls them. */
const API_FIELDS: Record<string, string> = { fg: "fgColor", bg: "bgColor", track: "trackScans" };

export function serializeBulkJob(
  origin: string,
  job: BulkJobRecord,
  created?: { invalidRows: RowProblem[]; ignoredColumns: string[] },
) {
  const options = jobOptions(job);
  return {
    id: job.id,
    status: job.status,
    name: job.fileName,
    rows: {
      checked: job.checkedRows,
      valid: job.totalRows,
      invalid: job.checkedRows - job.totalRows,
      done: job.doneRows,
    },
    options: {
      format:
        options.formats.length > 1 ? ("both" as const) : (options.formats[0] ?? ("png" as const)),
      size: Number(options.size),
      fgColor: options.fg,
      bgColor: options.bg,
      save: options.save,
      trackScans: options.track,
    },
    archive:
      job.status === "done"
        ? { url: `${origin}/api/v1/bulk-jobs/${job.id}/archive`, bytes: job.zipBytes }
        : null,
    pageUrl: `${origin}/bulk/${job.id}`,
    error: job.error,
    ...created,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    expiresAt: job.expiresAt.toISOString(),
  };
}

/** Checks the batch, and makes it (up to 100 rows now, more on the queue). */
export async function createBulkJob(
  ctx: BulkContext,
): Promise<ReturnType<typeof serializeBulkJob>> {
  const { caller, body } = ctx;
  const { capabilities } = PLANS[caller.plan];
  if (!capabilities.bulkGeneration) throw new ApiProblem("plan_required", UPGRADE_MESSAGE);
  const sent =
    body.file instanceof File
      ? await csvRows(body.file, capabilities.bulkRowsPerBatch, body.name)
      : jsonRows(body.rows as Record<string, unknown>[], capabilities.bulkRowsPerBatch, body.name);

  const form = new FormData();
  form.set("format", String(body.format));
  form.set("size", String(body.size));
  form.set("fg", String(body.fgColor));
  form.set("bg", String(body.bgColor));
  form.set("save", String(body.save));
  form.set("track", String(body.trackScans));
  if (body.styleId) form.set("styleId", String(body.styleId));
  const read = await readOptions(ctx.db, form, caller.plan, caller.workspace.id, ctx.origin);
  if (!read.ok && read.status) {
    const message = read.fields.styleId!;
    const error = [{ field: "styleId", message }];
    throw new ApiProblem(read.status === 404 ? "not_found" : "plan_required", message, error);
  }
  if (!read.ok) {
    const errors = Object.entries(read.fields).map(([field, message]) => ({
      field: API_FIELDS[field] ?? field,
      message,
    }));
    throw new ApiProblem("invalid_request", errors[0]!.message, errors);
  }
  const { options } = read;

  const checked = await refuseUnsafeRows(
    ctx.db,
    await refuseLoopingRows(
      ctx.db,
      checkRows(sent.rows, { ...options, design: read.style }, caller.plan, {
        track: options.track,
      }),
      options.track,
    ),
    options.track,
    caller.actor.id,
  );
  const listed = checked.invalid.slice(0, MAX_LISTED_PROBLEMS);
  const count = (n: number) => `${n.toLocaleString("en-US")} row${n === 1 ? "" : "s"}`;
  if (checked.valid.length === 0) {
    throw new ApiProblem(
      "invalid_rows",
      "None of the rows can be made, so nothing was made. Each is listed in errors.",
      listed.map(sent.field),
    );
  }
  if (checked.invalid.length > 0 && String(body.skipInvalidRows) !== "true") {
    throw new ApiProblem(
      "invalid_rows",
      `${count(checked.invalid.length)} of ${sent.rows.length.toLocaleString("en-US")} cannot be made, so nothing was made. Fix them, or send skipInvalidRows: true to make the other ${count(checked.valid.length)}.`,
      listed.map(sent.field),
    );
  }
  const id = await createCheckedJob(ctx.db, {
    workspaceId: caller.workspace.id,
    userId: caller.actor.id,
    fileName: sent.name,
    options,
    checkedRows: sent.rows.length,
    rows: { items: checked.valid, invalid: checked.invalid },
    via: "api",
  });
  await startJob(ctx.db, (await bulkJobById(ctx.db, id))!);
  const job = (await bulkJobById(ctx.db, id))!;
  return serializeBulkJob(ctx.origin, job, {
    // The API answers each row's English message, never a page's phrase (issue #32).
    invalidRows: listed.map(({ row, column, message }) => ({ row, column, message })),
    ignoredColumns: sent.unknownColumns,
  });
}

/** A batch of the key's workspace that is still kept; otherwise 404. */
export async function keptBulkJob(ctx: BulkContext): Promise<BulkJobRecord> {
  const id = String(ctx.params.id).toLowerCase();
  const job = await findKeptBulkJob(ctx.db, id, ctx.caller.workspace.id, new Date());
  if (!job) {
    throw new ApiProblem(
      "not_found",
      `There is no batch ${id} in this workspace. Batches are kept 7 days after they finish.`,
    );
  }
  return job;
}

export async function bulkJobArchive(ctx: BulkContext): Promise<Response> {
  const job = await keptBulkJob(ctx);
  if (job.status !== "done") {
    throw new ApiProblem(
      "bulk_job_not_done",
      job.status === "failed"
        ? "This batch failed, so it has no archive. Send it again."
        : `This batch is still being made (${job.doneRows.toLocaleString("en-US")} of ${job.totalRows.toLocaleString("en-US")} rows). Get the batch until its status is done.`,
    );
  }
  const zip = await zipResponse(job.id, job.fileName);
  if (!zip) throw new ApiProblem("not_found", "This batch's archive is no longer kept.");
  return zip;
}
