import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { Database } from "../db/client.server";
import { type BulkJobRecord, qrCodes, type UserRecord } from "../db/schema";
import { findBulkJob, findKeptBulkJob, recentBulkJobs } from "../models/bulk-jobs.server";
import type { Membership } from "../models/workspaces.server";
import { PLANS, type PlanId } from "../plans/catalogue";
import {
  BRAND_STYLES_PLAN_MESSAGE,
  canDownloadSvg,
  canEmbedLogo,
  canTrackScans,
} from "../plans/rules";
import { encodePayload } from "../qr/payload";
import { isPlainDesign } from "../design/customization";
import { drawDesign } from "../design/drawing";
import type { Design } from "../design/schema";
import { drawingToSvg } from "../design/svg";
import { designOverStyle, listStyles } from "../styles/styles.server";
import { parseStyle } from "../qr/schema";
import { svgDataUrl } from "../qr/svg";
import { contentSvg } from "../qr/render";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { can, refusal } from "../workspaces/roles";
import { MAX_CSV_BYTES, parseBulkCsv } from "./csv";
import { hasControlCharacters } from "../validation/one-line";
import type { Translate } from "../i18n/i18n";
import { say } from "../i18n/phrase";
import { generatorErrorText } from "../components/generator/error-text";
import {
  BULK_FORMATS,
  type BulkFormat,
  type BulkOptions,
  createCheckedJob,
  DIRECT_ROWS,
  startJob,
} from "./jobs.server";
import { checkRows, type RowProblem } from "./rows";
import { appOrigin } from "../config/app-url.server";
import { refuseLoopingRows } from "./loops.server";
import { refuseUnsafeRows } from "./safety.server";
import { previewContent } from "./preview";

// The /bulk page's loader and actions (issue #17); the route only wires them up.

/** Invalid rows listed on the page at most; the manifest lists every one. */
export const MAX_LISTED_PROBLEMS = 1000;
const PREVIEW_ROWS = 5;

export const UPGRADE_MESSAGE =
  "Bulk generation comes with Premium (1,000 codes a batch) and Ultimate (10,000 codes a batch).";

export interface WorkspaceLogo {
  key: string;
  /** A code that uses it, to recognise it by. */
  title: string | null;
}

/** Logos the workspace's codes already use, newest first. */
async function workspaceLogos(db: Database, workspaceId: string): Promise<WorkspaceLogo[]> {
  const rows = await db
    .select({ key: qrCodes.logoUrl, title: sql<string>`max(${qrCodes.title})` })
    .from(qrCodes)
    .where(and(eq(qrCodes.workspaceId, workspaceId), isNotNull(qrCodes.logoUrl)))
    .groupBy(qrCodes.logoUrl)
    .orderBy(desc(sql`max(${qrCodes.createdAt})`))
    .limit(20)
    .all();
  // Named on the page, in its language: "Logo 1 (used by “Menu”)".
  return rows.map((row) => ({ key: row.key!, title: row.title || null }));
}

/** "Nov 27, 2026, 4:38 PM UTC" in English; each other language writes the moment its own way. */
function jobTime(time: Date, locale: string): string {
  const format = new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return `${format.format(time)} UTC`;
}

/** A batch as its page and the list show it, its times in the page's language. */
export function jobSummary(job: BulkJobRecord, locale = "en") {
  return {
    id: job.id,
    fileName: job.fileName,
    status: job.status,
    totalRows: job.totalRows,
    doneRows: job.doneRows,
    createdAt: jobTime(job.createdAt, locale),
    expiresAt: jobTime(job.expiresAt, locale),
    error: job.error,
  };
}

export async function bulkPage(
  db: Database,
  membership: Membership | null,
  now: Date,
  locale = "en",
) {
  if (!membership) return { signedIn: false as const, upgradeMessage: UPGRADE_MESSAGE };
  const plan = workspacePlan(membership, now);
  const capabilities = PLANS[plan].capabilities;
  const available = capabilities.bulkGeneration;
  const allowed = can(membership.role, "codes.manage");
  const [logos, jobs, styles] =
    available && allowed
      ? await Promise.all([
          capabilities.logo ? workspaceLogos(db, membership.workspace.id) : [],
          recentBulkJobs(db, membership.workspace.id, now),
          capabilities.brandStyles ? listStyles(db, membership.workspace.id) : [],
        ])
      : [[], [], []];
  return {
    signedIn: true as const,
    available,
    allowed,
    refusal: allowed ? null : refusal("codes.manage"),
    planName: PLANS[plan].name,
    upgradeMessage: UPGRADE_MESSAGE,
    upgrade:
      membership.role === "owner"
        ? { href: "/dashboard?tab=plans", label: "Upgrade your plan" }
        : { href: "/pricing", label: "Compare plans" },
    rowsPerBatch: capabilities.bulkRowsPerBatch,
    directRows: DIRECT_ROWS,
    svg: capabilities.svg,
    tracking: canTrackScans(plan, "url").ok,
    logos,
    // One brand style for the batch (issue #28); a plan without them sees why.
    styles: styles.map((style) => ({ id: style.id, name: style.name })),
    stylesRefusal: capabilities.brandStyles ? null : BRAND_STYLES_PLAN_MESSAGE,
    jobs: jobs.map((job) => jobSummary(job, locale)),
  };
}

export type CheckAnswer =
  | { intent: "check"; ok: false; message: string; fields?: Record<string, string> }
  | {
      intent: "check";
      ok: true;
      jobId: string;
      fileName: string;
      checkedRows: number;
      validRows: number;
      direct: boolean;
      problems: RowProblem[];
      moreProblems: number;
      unknownColumns: string[];
      preview: {
        row: number;
        type: string;
        content: string;
        title: string;
        files: string;
        src: string;
      }[];
    };

const refuse = (message: string, status = 400, fields?: Record<string, string>) =>
  data<CheckAnswer>({ intent: "check", ok: false, message, fields }, { status });

/** Reads the batch's options from the form: formats, default size and colours, logo, save, track. */
export async function readOptions(
  db: Database,
  form: FormData,
  plan: PlanId,
  workspaceId: string,
  origin: string,
): Promise<
  | { ok: true; options: BulkOptions; style: Design | null }
  | { ok: false; fields: Record<string, string>; status?: number }
> {
  const fields: Record<string, string> = {};
  const format = String(form.get("format") ?? "png");
  const formats: BulkFormat[] =
    format === "both" ? [...BULK_FORMATS] : format === "svg" ? ["svg"] : ["png"];
  if (!["png", "svg", "both"].includes(format)) fields.format = "Choose PNG, SVG or both.";
  const svg = canDownloadSvg(plan);
  if (formats.includes("svg") && !svg.ok) fields.format = svg.message;
  const size = String(form.get("size") ?? "512") || "512";
  const fg = String(form.get("fg") ?? "#000000") || "#000000";
  const bg = String(form.get("bg") ?? "#ffffff") || "#ffffff";
  const style = parseStyle({ size, fgColor: fg, bgColor: bg });
  if (!style.ok) {
    if (style.errors.size) fields.size = style.errors.size;
    if (style.errors.fgColor) fields.fg = style.errors.fgColor;
    if (style.errors.bgColor) fields.bg = style.errors.bgColor;
  }
  const logoKey = String(form.get("logo") ?? "") || null;
  if (logoKey) {
    const verdict = canEmbedLogo(plan);
    const known = (await workspaceLogos(db, workspaceId)).some((logo) => logo.key === logoKey);
    if (!verdict.ok) fields.logo = verdict.message;
    else if (!known) fields.logo = "Choose a logo this workspace already uses.";
  }
  const on = (name: string) => ["on", "true", "1"].includes(String(form.get(name) ?? ""));
  const track = on("track");
  const tracking = canTrackScans(plan, "url");
  if (track && !tracking.ok) fields.track = tracking.message;
  // One brand style for the whole batch (issue #28): the base of every row's design.
  const styleId = String(form.get("styleId") ?? "") || null;
  let brandStyle: Design | null = null;
  if (styleId) {
    const styled = await designOverStyle(db, { workspaceId, plan }, styleId, {});
    if (!styled.ok)
      return { ok: false, fields: { styleId: styled.message }, status: styled.status };
    brandStyle = styled.style.design;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    style: brandStyle,
    options: {
      styleId,
      formats,
      size,
      fg,
      bg,
      logoKey,
      save: on("save") || track,
      track,
      origin,
    },
  };
}

/**
 * The answer to an upload: a checked batch ready to go on, or what is wrong with the file. `t` is
 * the request's translator: a refusal that names a row, a column or a limit, and the preview's
 * types and contents, are said in the page's language here (the other refusals are English,
 * which the page looks up by their text).
 */
export async function checkUpload(
  request: Request,
  db: Database,
  user: UserRecord,
  membership: Membership,
  now: Date,
  t: Translate,
) {
  const plan = workspacePlan(membership, now);
  const capabilities = PLANS[plan].capabilities;
  if (!can(membership.role, "codes.manage")) return refuse(refusal("codes.manage"), 403);
  if (!capabilities.bulkGeneration) return refuse(UPGRADE_MESSAGE, 403);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse("The upload did not arrive whole. Choose the file and try again.");
  }
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return refuse("Choose a CSV file to upload.", 400, { file: "Choose a CSV file to upload." });
  }
  if (file.size > MAX_CSV_BYTES) {
    return refuse("The file is larger than 5 MB. Split it into smaller files.", 413);
  }
  // The file's name names the batch in e-mail subjects: one line of text (issue #27).
  if (hasControlCharacters(file.name)) {
    const message =
      "The file's name has a line break or another control character. Rename the file and upload it again.";
    return refuse(message, 400, { file: message });
  }
  const origin = appOrigin();
  const read = await readOptions(db, form, plan, membership.workspace.id, origin);
  if (!read.ok) {
    return read.status
      ? refuse(read.fields.styleId ?? "Check the options marked below.", read.status, read.fields)
      : refuse("Check the options marked below.", 400, read.fields);
  }
  const parsed = parseBulkCsv(
    new Uint8Array(await file.arrayBuffer()),
    capabilities.bulkRowsPerBatch,
  );
  if (!parsed.ok) {
    const message = say(t, parsed);
    return refuse(message, 400, { file: message });
  }
  const options = read.options;
  const checked = await refuseUnsafeRows(
    db,
    await refuseLoopingRows(
      db,
      checkRows(parsed.csv.rows, { ...options, design: read.style }, plan, {
        logo: options.logoKey !== null,
        track: options.track,
      }),
      options.track,
    ),
    options.track,
    user.id,
  );
  const fileName = file.name.replace(/[\\/]/g, "-").slice(0, 120) || "upload.csv";
  const answer = {
    fileName,
    checkedRows: parsed.csv.rows.length,
    validRows: checked.valid.length,
    // A row's message built with values (a plan's types, a design's contrast, a content's
    // length) in the page's language (issue #32): by its phrase, else as the generator says it.
    problems: checked.invalid.slice(0, MAX_LISTED_PROBLEMS).map(({ phrase, ...problem }) => ({
      ...problem,
      message: phrase ? say(t, { ...problem, phrase }) : generatorErrorText(t, problem.message),
    })),
    moreProblems: Math.max(0, checked.invalid.length - MAX_LISTED_PROBLEMS),
    unknownColumns: parsed.csv.unknownColumns,
  };
  if (checked.valid.length === 0) {
    return data<CheckAnswer>(
      {
        intent: "check",
        ok: true,
        jobId: "",
        direct: true,
        preview: [],
        ...answer,
      },
      { status: 422 },
    );
  }
  const jobId = await createCheckedJob(
    db,
    {
      workspaceId: membership.workspace.id,
      userId: user.id,
      fileName,
      options,
      checkedRows: parsed.csv.rows.length,
      rows: { items: checked.valid, invalid: checked.invalid },
      via: "web",
    },
    now,
  );
  return data<CheckAnswer>({
    intent: "check",
    ok: true,
    jobId,
    direct: checked.valid.length <= DIRECT_ROWS,
    preview: checked.valid.slice(0, PREVIEW_ROWS).map((item) => ({
      row: item.row,
      type: t(`bulk.qrType.${item.content.type}`),
      content: say(t, previewContent(item.content)),
      title: item.title,
      files: options.formats.map((format) => `${item.name}.${format}`).join(", "),
      src: svgDataUrl(
        isPlainDesign(item.style)
          ? contentSvg(item.content, { ...item.style, size: 256 })
          : drawingToSvg(drawDesign(encodePayload(item.content), item.style), 256),
      ),
    })),
    ...answer,
  });
}

/** A batch of the member's current workspace that is still kept, for its page and its download. */
export async function keptJob(db: Database, membership: Membership, id: string, now: Date) {
  requirePermission(membership, "codes.view");
  return findKeptBulkJob(db, id, membership.workspace.id, now);
}

/** "Generate": starts the checked batch and opens its page. */
export async function startUpload(form: FormData, db: Database, membership: Membership, now: Date) {
  if (!can(membership.role, "codes.manage")) return refuse(refusal("codes.manage"), 403);
  const plan = workspacePlan(membership, now);
  if (!PLANS[plan].capabilities.bulkGeneration) return refuse(UPGRADE_MESSAGE, 403);
  const job = await findBulkJob(db, String(form.get("job") ?? ""), membership.workspace.id);
  if (!job) {
    return refuse(
      "This batch is no longer waiting: batches that are not started within a day are removed. Upload the file again.",
      404,
    );
  }
  if (job.status === "checked") await startJob(db, job, now);
  throw redirect(`/bulk/${job.id}`, 303);
}
