import { env } from "cloudflare:workers";
import { unzipSync, zipSync, strToU8, strFromU8 } from "fflate";
import { createDatabase, type Database } from "../db/client.server";
import type { BulkJobRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { emitWebhookEvent } from "../webhooks/emit.server";
import type { MailMessage } from "../mail/message";
import { bulkDoneMessage, bulkFailedMessage } from "../mail/templates";
import { recipientLocaleByEmail } from "../mail/recipient.server";
import type { Locale } from "../i18n/locales";
import {
  bulkJobById,
  bulkJobCreator,
  finishBulkJob,
  insertBulkJob,
  moveBulkJob,
  recordChunk,
} from "../models/bulk-jobs.server";
import { newSlug } from "../models/qr-codes.server";
import { describeError, log } from "../observability/log.server";
import { noteQueueFailure } from "../operations/queue-watch.server";
import type { Logo } from "../qr/png.server";
import { encodePayload } from "../qr/payload";
import { customizationOf, storedCustomization } from "../design/customization";
import { designImage } from "../design/image.server";
import { loadLogo, logoOwner } from "../storage/logos.server";
import { recordAudit } from "../workspaces/audit.server";
import { manifestCsv, type ManifestEntry } from "./manifest";
import type { BulkItem, RowProblem } from "./rows";
import { ZipToR2 } from "./zip.server";
import { appOrigin } from "../config/app-url.server";

// Bulk jobs (issue #17): a checked batch waits in R2; "Generate" makes up to 100 rows in the
// request, larger batches in chunks of 100 on BULK_QUEUE (each chunk's images kept in R2 as a
// stored ZIP), and the chunk that completes the batch streams the final ZIP into R2. Every step
// can run twice without harm: chunks are counted once, saved codes are found by (job, row).

export const BULK_FORMATS = ["png", "svg"] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

export interface BulkOptions {
  formats: BulkFormat[];
  size: string;
  fg: string;
  bg: string;
  /** The brand style the batch was checked with (its design is in each row's style). */
  styleId?: string | null;
  /** An R2 key of a logo the workspace uses. */
  logoKey: string | null;
  save: boolean;
  /** Tracked short links for website rows (they are saved as codes too). */
  track: boolean;
  /** Where tracked links point: this service's origin when the batch was made. */
  origin: string;
}

/** Rows per chunk, and the most a request makes at once. */
export const CHUNK_ROWS = 100;
export const DIRECT_ROWS = 100;
/** Days a finished ZIP can be downloaded; a checked batch not started is kept a day. */
export const KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BulkChunkMessage {
  jobId: string;
  chunk: number;
}

interface StoredRows {
  items: BulkItem[];
  invalid: RowProblem[];
}

/** Every file of a batch lives under `bulk/{jobId}/` in the LOGOS bucket. */
export const BULK_PREFIX = "bulk/";
const rowsKey = (jobId: string) => `${BULK_PREFIX}${jobId}/rows.json`;
const chunkKey = (jobId: string, chunk: number) => `${BULK_PREFIX}${jobId}/chunk-${chunk}.zip`;
export const zipKey = (jobId: string) => `${BULK_PREFIX}${jobId}/codes.zip`;

/** How long a batch finished (or failed) at `now` stays. */
const keptUntil = (now: Date) => new Date(now.getTime() + KEEP_DAYS * DAY_MS);

/** Stores a checked batch; nothing is made until the person goes on. */
export async function createCheckedJob(
  db: Database,
  job: {
    workspaceId: string;
    userId: string;
    fileName: string;
    options: BulkOptions;
    checkedRows: number;
    rows: StoredRows;
    via: "web" | "api";
  },
  now = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  await env.LOGOS.put(rowsKey(id), JSON.stringify(job.rows), {
    httpMetadata: { contentType: "application/json" },
  });
  await insertBulkJob(db, {
    id,
    workspaceId: job.workspaceId,
    createdBy: job.userId,
    status: "checked",
    fileName: job.fileName,
    totalRows: job.rows.items.length,
    checkedRows: job.checkedRows,
    options: job.options as unknown as Record<string, unknown>,
    via: job.via,
    createdAt: now,
    expiresAt: new Date(now.getTime() + DAY_MS),
  });
  return id;
}

export function jobOptions(job: BulkJobRecord): BulkOptions {
  return job.options as unknown as BulkOptions;
}

export type StartOutcome = "done" | "queued" | "already-started" | "failed";

/**
 * Starts a checked job: up to 100 rows are made now, in this request; more go on the queue, one
 * message per chunk.
 */
export async function startJob(
  db: Database,
  job: BulkJobRecord,
  now = new Date(),
): Promise<StartOutcome> {
  if (job.totalRows <= DIRECT_ROWS) {
    if (!(await moveBulkJob(db, job.id, ["checked"], "running", { startedAt: now, chunks: 1 }))) {
      return "already-started";
    }
    try {
      const stored = await readRows(job.id);
      const made = await makeChunk(job, stored.items);
      await recordChunk(db, job.id, 0, made.entries.length);
      await assemble(db, job, stored.invalid, async (take) => take(made));
      return "done";
    } catch (error) {
      await failJob(db, job, error, false);
      return "failed";
    }
  }
  const chunks = Math.ceil(job.totalRows / CHUNK_ROWS);
  if (!(await moveBulkJob(db, job.id, ["checked"], "queued", { startedAt: now, chunks }))) {
    return "already-started";
  }
  const messages = Array.from({ length: chunks }, (_, chunk) => ({
    body: { jobId: job.id, chunk } satisfies BulkChunkMessage,
  }));
  for (let at = 0; at < messages.length; at += 100) {
    await env.BULK_QUEUE.sendBatch(messages.slice(at, at + 100));
  }
  return "queued";
}

async function readRows(jobId: string): Promise<StoredRows> {
  const object = await env.LOGOS.get(rowsKey(jobId));
  if (!object) throw new Error("The batch's rows are no longer stored.");
  return object.json<StoredRows>();
}

interface MadeChunk {
  files: [name: string, data: Uint8Array][];
  entries: ManifestEntry[];
}

/**
 * Makes a chunk's images: saves its rows as codes first when asked (tracked website rows get a
 * short link and encode it), then draws each row in the batch's formats.
 */
async function makeChunk(job: BulkJobRecord, items: BulkItem[]): Promise<MadeChunk> {
  const options = jobOptions(job);
  const saved =
    options.save || options.track ? await saveRows(job, items) : new Map<number, SavedRow>();
  const logo = options.logoKey ? await loadLogo(options.logoKey, logoOwner(options.logoKey)) : null;
  const files: MadeChunk["files"] = [];
  const entries: ManifestEntry[] = [];
  for (const item of items) {
    const code = saved.get(item.row) ?? null;
    const link = code?.slug ? `${appOrigin()}/s/${code.slug}` : null;
    try {
      const names = await drawItem(item, options.formats, link, logo, files);
      entries.push({
        row: item.row,
        status: "ok",
        filename: names.join(" "),
        codeId: code?.id ?? null,
        trackedLink: link,
        error: null,
      });
    } catch (error) {
      entries.push({
        row: item.row,
        status: "failed",
        filename: "",
        codeId: code?.id ?? null,
        trackedLink: link,
        error: error instanceof Error ? error.message : "This row could not be drawn.",
      });
    }
  }
  return { files, entries };
}

async function drawItem(
  item: BulkItem,
  formats: BulkFormat[],
  link: string | null,
  logo: Logo | null,
  files: MadeChunk["files"],
): Promise<string[]> {
  // Every image goes through the design module, as downloads do: a styled row is decoded before
  // it is packed, and one that does not scan fails with the reason in the manifest.
  const payload = link ?? encodePayload(item.content);
  const customization = customizationOf(item.style);
  const names: string[] = [];
  for (const format of formats) {
    const name = `${item.name}.${format}`;
    const image = await designImage(format, { payload, customization, logo });
    files.push([name, typeof image === "string" ? strToU8(image) : image]);
    names.push(name);
  }
  return names;
}

interface SavedRow {
  id: number;
  slug: string | null;
}

/**
 * Saves the chunk's rows as codes of the workspace in one D1 batch, idempotently: a row already
 * saved by an earlier delivery of this chunk is found, not saved again.
 */
async function saveRows(job: BulkJobRecord, items: BulkItem[]) {
  const options = jobOptions(job);
  const saved = new Map<number, SavedRow>();
  if (!job.createdBy || items.length === 0) return saved;
  const now = Date.now();
  const insert = env.DB.prepare(
    `INSERT OR IGNORE INTO qr_codes (workspace_id, user_id, type, data, customization, title, logo_url, created_at, updated_at, bulk_job_id, bulk_row)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const track = env.DB.prepare(
    `INSERT OR IGNORE INTO tracked_links (slug, qr_code_id, target_url, created_at, workspace_id)
     SELECT ?, id, ?, ?, workspace_id FROM qr_codes WHERE bulk_job_id = ? AND bulk_row = ?`,
  );
  const statements: D1PreparedStatement[] = [];
  for (const item of items) {
    const { type, ...data } = item.content;
    statements.push(
      insert.bind(
        job.workspaceId,
        job.createdBy,
        type,
        JSON.stringify(data),
        JSON.stringify(storedCustomization(customizationOf(item.style))),
        item.title,
        options.logoKey,
        now,
        now,
        job.id,
        item.row,
      ),
    );
    if (options.track && item.content.type === "url") {
      statements.push(track.bind(newSlug(), item.content.url, now, job.id, item.row));
    }
  }
  const first = items[0]!.row;
  const last = items[items.length - 1]!.row;
  statements.push(
    env.DB.prepare(
      `SELECT q.id AS id, q.bulk_row AS row, t.slug AS slug FROM qr_codes q
       LEFT JOIN tracked_links t ON t.qr_code_id = q.id
       WHERE q.bulk_job_id = ? AND q.bulk_row BETWEEN ? AND ?`,
    ).bind(job.id, first, last),
  );
  const results = await env.DB.batch<{ id: number; row: number; slug: string | null }>(statements);
  for (const row of results[results.length - 1]!.results) {
    saved.set(row.row, { id: row.id, slug: row.slug });
  }
  return saved;
}

/** One chunk from the queue: made, kept in R2, counted; the last one assembles the ZIP. */
export async function runChunk(message: BulkChunkMessage, now = new Date()): Promise<void> {
  const db = createDatabase();
  const job = await bulkJobById(db, message.jobId);
  if (!job || job.status === "done" || job.status === "failed" || job.status === "checked") return;
  const stored = await readRows(job.id);
  const items = stored.items.slice(message.chunk * CHUNK_ROWS, (message.chunk + 1) * CHUNK_ROWS);
  const made = await makeChunk(job, items);
  const archive: Record<string, Uint8Array> = {
    "entries.json": strToU8(JSON.stringify(made.entries)),
  };
  for (const [name, data] of made.files) archive[`files/${name}`] = data;
  await env.LOGOS.put(chunkKey(job.id, message.chunk), zipSync(archive, { level: 0 }));
  const chunksMade = await recordChunk(db, job.id, message.chunk, items.length);
  if (chunksMade < job.chunks) return;
  // Every chunk is made: this delivery assembles (a second one would write the same archive).
  await assemble(
    db,
    job,
    stored.invalid,
    async (take) => {
      for (let chunk = 0; chunk < job.chunks; chunk++) {
        const object = await env.LOGOS.get(chunkKey(job.id, chunk));
        if (!object) throw new Error(`Chunk ${chunk} of the batch is missing.`);
        const unpacked = unzipSync(new Uint8Array(await object.arrayBuffer()));
        const entries = JSON.parse(strFromU8(unpacked["entries.json"]!)) as ManifestEntry[];
        const files = Object.entries(unpacked)
          .filter(([name]) => name.startsWith("files/"))
          .map(([name, data]) => [name.slice("files/".length), data] as [string, Uint8Array]);
        await take({ files, entries });
      }
    },
    now,
  );
}

/**
 * Streams the final ZIP into R2 from the chunks `each` hands over, then marks the job done, tidies
 * the chunks away and e-mails the person when the job ran in the background.
 */
async function assemble(
  db: Database,
  job: BulkJobRecord,
  invalid: RowProblem[],
  each: (take: (chunk: MadeChunk) => Promise<void>) => Promise<void>,
  now = new Date(),
): Promise<void> {
  const writer = new ZipToR2(env.LOGOS, zipKey(job.id));
  const entries: ManifestEntry[] = invalid.map((problem) => ({
    row: problem.row,
    status: "invalid",
    filename: "",
    codeId: null,
    trackedLink: null,
    error: `${problem.column}: ${problem.message}`,
  }));
  try {
    await each(async (chunk) => {
      for (const [name, data] of chunk.files) await writer.add(name, data, name.endsWith(".svg"));
      entries.push(...chunk.entries);
    });
    await writer.add("manifest.csv", strToU8(manifestCsv(entries)), true);
    const zipBytes = await writer.finish();
    const made = entries.filter((entry) => entry.status === "ok").length;
    const savedCodes = entries.filter((entry) => entry.codeId !== null).length;
    const creator = await bulkJobCreator(db, job.createdBy);
    if (savedCodes > 0 && job.createdBy) {
      await recordAudit(db, {
        workspaceId: job.workspaceId,
        actor: { id: job.createdBy, email: creator?.email ?? "" },
        action: "bulk.saved",
        target: job.id,
        details: { name: job.fileName, count: savedCodes },
      });
    }
    await finishBulkJob(db, job.id, { zipBytes, doneRows: job.totalRows }, now, keptUntil(now));
    await emitWebhookEvent(db, job.workspaceId, "bulk_job.completed", {
      id: job.id,
      fileName: job.fileName,
      rows: job.totalRows,
      made,
      failed: job.totalRows - made,
      savedCodes,
    });
    await env.LOGOS.delete([
      rowsKey(job.id),
      ...Array.from({ length: job.chunks }, (_, n) => chunkKey(job.id, n)),
    ]);
    // A batch made within the request was answered with its result; one made in the background
    // is news.
    if (job.totalRows > DIRECT_ROWS) {
      await tellCreator(db, creator, (to) =>
        bulkDoneMessage({
          ...to,
          fileName: job.fileName,
          made,
          failed: job.totalRows - made,
          link: `${appOrigin()}/bulk/${job.id}`,
        }),
      );
    }
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** A job that cannot finish: marked failed (kept a week to say so) and, from the queue, e-mailed. */
export async function failJob(db: Database, job: BulkJobRecord, error: unknown, tell: boolean) {
  log("error", "bulk_job_failed", { jobId: job.id, ...describeError(error) });
  const now = new Date();
  await finishBulkJob(
    db,
    job.id,
    { error: "The batch could not be finished. Upload the file again to try once more." },
    now,
    keptUntil(now),
  );
  if (!tell) return;
  await tellCreator(db, await bulkJobCreator(db, job.createdBy), (to) =>
    bulkFailedMessage({
      ...to,
      fileName: job.fileName,
      link: `${appOrigin()}/bulk`,
    }),
  );
}

/** E-mails the person who made the batch (see bulkJobCreator), if their account still exists. */
async function tellCreator(
  db: Database,
  creator: { email: string; firstName: string | null } | null,
  message: (to: { locale: Locale; to: string; firstName: string | null }) => MailMessage,
) {
  if (!creator) return;
  const locale = await recipientLocaleByEmail(db, creator.email);
  await sendMail(message({ locale, to: creator.email, firstName: creator.firstName }));
}

/** Chunks that failed every retry: their job is marked failed. */
export async function recordDeadChunks(batch: MessageBatch<BulkChunkMessage>): Promise<void> {
  const db = createDatabase();
  const ids = new Set(batch.messages.map((message) => message.body.jobId));
  for (const id of ids) {
    const job = await bulkJobById(db, id);
    if (job && job.status !== "done" && job.status !== "failed") {
      await failJob(db, job, new Error("chunk failed every retry"), true);
    }
  }
}

/** The queue's consumer: one chunk per message; a chunk that throws is retried by the queue. */
export async function runChunkBatch(batch: MessageBatch<BulkChunkMessage>): Promise<void> {
  for (const message of batch.messages) {
    try {
      await runChunk(message.body);
      message.ack();
    } catch (error) {
      log("warn", "bulk_chunk_retry", {
        jobId: message.body.jobId,
        chunk: message.body.chunk,
        attempts: message.attempts,
        ...describeError(error),
      });
      noteQueueFailure(message, error);
      message.retry({ delaySeconds: Math.min(60, 5 * message.attempts) });
    }
  }
}
