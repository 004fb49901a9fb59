import { shortLinkUrl, type TrackedSlug } from "../domains/links";
import { deleteCode, renameCode, setCodeSharing } from "../codes/changes.server";
import { changeDestination } from "../destinations/changes.server";
import { IMAGE_CSP, savedImage } from "../codes/saved-image.server";
import { saveInWorkspace } from "../codes/save.server";
import type { Database } from "../db/client.server";
import type { BrandStyleRecord, QrCodeRecord } from "../db/schema";
import { listApiKeys } from "../models/api-keys.server";
import { codeActivity } from "../models/code-analytics.server";
import { type CodeWithCreator, codePage, findCodeWithCreator } from "../models/code-pages.server";
import { countSeats } from "../models/invitations.server";
import {
  recordDownload,
  savedContent,
  sharePath,
  toUsageTotals,
  trackedSlugs,
  usageTotalsQuery,
} from "../models/qr-codes.server";
import { PLANS } from "../plans/catalogue";
import { analyticsKeptSince } from "../plans/retention";
import { canDownloadPrint, canDownloadSvg, saveLimit } from "../plans/rules";
import { ContentTooLongError } from "../qr/matrix";
import { LogoNotDrawableError } from "../qr/png.server";
import { contentMatrix } from "../qr/render";
import { parseContent } from "../qr/schema";
import type { QrContent, QrSize, QrType } from "../qr/types";
import { type Customization, parseCustomization } from "../design/customization";
import {
  CONTENT_TYPES,
  DESIGN_FORMATS,
  type DesignFormat,
  DesignRefusedError,
  designImage,
} from "../design/image.server";
import { type PrintInput, resolvePrint } from "../design/print-options";
import { encodePayload } from "../qr/payload";
import { hashedClientAddress } from "../security/client.server";
import { seatLimit } from "../workspaces/seats";
import { API_REQUESTS_PER_MINUTE, type ApiCaller } from "./auth.server";
import {
  bulkJobArchive,
  createBulkJob,
  keptBulkJob,
  serializeBulkJob,
} from "./bulk-handlers.server";
import { MAX_KEYS_PER_WORKSPACE } from "./keys";
import { scanAnalytics } from "./scan-handlers.server";
import { openApiDocument } from "./openapi";
import type { OperationId } from "./operations";
import { ApiProblem } from "./problem";
import { emitWebhookEvent } from "../webhooks/emit.server";
import { addEndpoint, removeEndpoint } from "../webhooks/endpoints.server";
import { createStyle, designOverStyle, listStyles, removeStyle } from "../styles/styles.server";

// One handler per operation of app/api/operations.ts. The router has authenticated the key,
// checked its scope and plan, and validated the path, query and body with the operation's zod
// schemas; a handler does the work in the key's workspace and answers.

export interface ApiContext {
  request: Request;
  origin: string;
  db: Database;
  /** null only for operations that need no key. */
  caller: ApiCaller | null;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The body as sent (JSON bytes), before defaults were filled in: which fields it names. */
  raw: ArrayBuffer | null;
  /** Work that may finish after the answer (the request's waitUntil). */
  waitUntil: (promise: Promise<unknown>) => void;
}

type Handler = (ctx: ApiContext) => Promise<Response>;

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(value, { status, headers: { "Cache-Control": "no-store", ...headers } });

function callerOf(ctx: ApiContext): ApiCaller {
  if (!ctx.caller) throw new Error("this operation needs a key");
  return ctx.caller;
}

/** The customization fields the request sent itself, before the schema filled in defaults. */
function sentCustomization(raw: ArrayBuffer | null): Record<string, unknown> {
  if (!raw) return {};
  const sent = JSON.parse(new TextDecoder().decode(raw)) as { customization?: unknown };
  const { styleId: _styleId, ...fields } = (sent.customization ?? {}) as Record<string, unknown>;
  return fields;
}

/**
 * The design of `customization.styleId` (a brand style of the key's workspace) with the sent
 * customization fields over it (app/styles/style.ts), checked as any customization is.
 */
async function styledCustomization(ctx: ApiContext, styleId: unknown): Promise<Customization> {
  const caller = callerOf(ctx);
  const styled = await designOverStyle(
    ctx.db,
    { workspaceId: caller.workspace.id, plan: caller.plan },
    styleId,
    sentCustomization(ctx.raw),
  );
  if (!styled.ok) {
    const error = [{ field: "customization.styleId", message: styled.message }];
    if (styled.status === 404) throw new ApiProblem("not_found", styled.message, error);
    throw new ApiProblem("plan_required", styled.message, error);
  }
  const style = parseCustomization(styled.input);
  if (!style.ok) {
    const errors = Object.entries(style.errors).map(([field, message]) => ({
      field: `customization.${field}`,
      message,
    }));
    throw new ApiProblem("invalid_request", errors[0]!.message, errors);
  }
  return style.value;
}

/** The content and design of a validated `{type, data, customization}` body. */
async function contentAndStyle(ctx: ApiContext): Promise<{
  content: QrContent;
  style: Customization;
}> {
  const body = ctx.body;
  const content = parseContent(body.type as QrType, body.data as Record<string, unknown>);
  const styleId = (body.customization as { styleId?: string } | undefined)?.styleId;
  if (styleId) {
    if (!content.ok) throw new Error("validated body failed to parse");
    return { content: content.value, style: await styledCustomization(ctx, styleId) };
  }
  const style = parseCustomization(body.customization ?? {});
  // The router validated the body with the same schemas, so both parses succeed.
  if (!content.ok || !style.ok) throw new Error("validated body failed to parse");
  return { content: content.value, style: style.value };
}

/** An image of a design that must not be handed out: a 400 naming the part to change. */
function refusedDesign(error: unknown): never {
  if (error instanceof DesignRefusedError) {
    const field =
      error.field === "customization" ? "customization" : `customization.${error.field}`;
    throw new ApiProblem("invalid_request", error.message, [{ field, message: error.message }]);
  }
  throw error;
}

function tooLong(error: unknown): never {
  if (error instanceof ContentTooLongError) {
    throw new ApiProblem("invalid_request", error.message, [
      { field: "data", message: error.message },
    ]);
  }
  throw error;
}

const ACCEPTED: [string, DesignFormat][] = [
  ["image/png", "png"],
  ["image/svg+xml", "svg"],
  ["application/pdf", "pdf"],
  ["application/postscript", "eps"],
];

/** The body's or query's `format`, else the first of the formats Accept lists, else PNG. */
function negotiateFormat(request: Request, format: unknown): DesignFormat {
  if ((DESIGN_FORMATS as readonly unknown[]).includes(format)) return format as DesignFormat;
  const accept = request.headers.get("Accept");
  if (!accept) return "png";
  const types = accept.split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
  const listed = ACCEPTED.filter(([type]) => types.includes(type)).sort(
    ([a], [b]) => types.indexOf(a) - types.indexOf(b),
  );
  if (listed.length > 0 && (!types.includes("image/png") || listed[0]![1] !== "png")) {
    return listed[0]![1];
  }
  if (types.includes("image/png") || types.includes("image/*") || types.includes("*/*")) {
    return "png";
  }
  throw new ApiProblem(
    "not_acceptable",
    "This operation answers with image/png, image/svg+xml, application/pdf or application/postscript. Accept one of them, or send format.",
  );
}

/** SVG as the spec gates it; PDF and EPS through the catalogue's printDownload (issue #28). */
function requireFormatPlan(caller: ApiCaller, format: DesignFormat) {
  const verdict =
    format === "svg"
      ? canDownloadSvg(caller.plan)
      : format === "pdf" || format === "eps"
        ? canDownloadPrint(caller.plan)
        : { ok: true as const };
  if (!verdict.ok) throw new ApiProblem("plan_required", verdict.message);
}

/** The print options of a validated body or query, or a 400 naming the field. */
function printOptionsOf(format: DesignFormat, input: Record<string, unknown>) {
  const resolved = resolvePrint(format, input as unknown as PrintInput);
  if (!resolved.ok) {
    throw new ApiProblem("invalid_request", resolved.message, [
      { field: resolved.field, message: resolved.message },
    ]);
  }
  return resolved.options;
}

function imageResponse(body: Uint8Array<ArrayBuffer> | string, format: DesignFormat, extra = {}) {
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Cache-Control": "no-store",
      "Content-Security-Policy": IMAGE_CSP,
      ...extra,
    },
  });
}

function serializeCode(
  origin: string,
  { code, creatorEmail }: CodeWithCreator,
  link: TrackedSlug | null,
) {
  const image = `${origin}/api/v1/qr-codes/${code.id}/image`;
  return {
    id: code.id,
    title: code.title,
    type: code.type,
    data: code.data as Record<string, string | boolean>,
    customization: code.customization,
    public: code.isPublic,
    shareUrl: code.isPublic && code.shareId ? `${origin}${sharePath(code.shareId)}` : null,
    trackedLink: link
      ? {
          slug: link.slug,
          url: shortLinkUrl(origin, link),
          // The code's data.url mirrors its link's target (app/models/destinations.server.ts).
          destination: String(code.data.url ?? ""),
        }
      : null,
    imageUrls: { png: `${image}?format=png`, svg: `${image}?format=svg` },
    downloads: code.downloadCount,
    createdBy: creatorEmail,
    createdAt: code.createdAt.toISOString(),
    updatedAt: code.updatedAt.toISOString(),
  };
}

function serializeStyle(style: BrandStyleRecord) {
  return {
    id: style.id,
    name: style.name,
    design: style.design,
    createdAt: style.createdAt.toISOString(),
    updatedAt: style.updatedAt.toISOString(),
  };
}

async function codeOr404(ctx: ApiContext): Promise<CodeWithCreator> {
  const found = await findCodeWithCreator(
    ctx.db,
    callerOf(ctx).workspace.id,
    ctx.params.id as number,
  );
  // Another workspace's code is exactly as absent as one that never existed.
  if (!found)
    throw new ApiProblem(
      "not_found",
      `There is no code ${String(ctx.params.id)} in this workspace.`,
    );
  return found;
}

/** PATCH `destination` (issue #21), with the dashboard's rules and messages. */
async function changeDestinationByApi(
  ctx: ApiContext,
  caller: ApiCaller,
  id: number,
  destination: string,
) {
  const outcome = await changeDestination(
    ctx.db,
    { workspaceId: caller.workspace.id, plan: caller.plan, actor: caller.actor },
    id,
    destination,
    { kind: "api", origin: ctx.origin },
  );
  if (outcome.ok) return;
  if (outcome.status === 403) throw new ApiProblem("plan_required", outcome.message);
  if (outcome.status === 409) throw new ApiProblem("link_disabled", outcome.message);
  if (outcome.status === 422) {
    throw new ApiProblem("unsafe_destination", outcome.message, [
      { field: "destination", message: outcome.message },
    ]);
  }
  if (outcome.status === 404) {
    throw new ApiProblem(
      "invalid_request",
      "This code does not track scans, so where it leads is printed in it and cannot change. Only tracked URL codes have a destination.",
      [{ field: "destination", message: "Only tracked URL codes have a destination." }],
    );
  }
  throw new ApiProblem("invalid_request", outcome.message, [
    { field: "destination", message: outcome.message },
  ]);
}

async function codeJson(ctx: ApiContext, found: CodeWithCreator) {
  const slug = (await trackedSlugs(ctx.db, [found.code.id])).get(found.code.id) ?? null;
  return serializeCode(ctx.origin, found, slug);
}

function contentOf(code: QrCodeRecord): QrContent {
  const content = savedContent(code);
  if (!content) throw new ApiProblem("not_found", "This code's content can no longer be read.");
  return content;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_ANALYTICS_DAYS = 366;

const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export const HANDLERS: Record<OperationId, Handler> = {
  async createImage(ctx) {
    const caller = callerOf(ctx);
    const format = negotiateFormat(ctx.request, ctx.body.format);
    requireFormatPlan(caller, format);
    const print = printOptionsOf(format, ctx.body);
    const { content, style } = await contentAndStyle(ctx);
    let payload: string;
    try {
      payload = encodePayload(content);
      contentMatrix(content);
    } catch (error) {
      tooLong(error);
    }
    const body = await designImage(format, { payload, customization: style, ...print }).catch(
      refusedDesign,
    );
    return imageResponse(body, format);
  },

  async createCode(ctx) {
    const caller = callerOf(ctx);
    const { content, style } = await contentAndStyle(ctx);
    const outcome = await saveInWorkspace(
      { workspaceId: caller.workspace.id, plan: caller.plan, creator: caller.actor },
      content,
      style,
      String(ctx.body.title),
      { track: ctx.body.trackScans === true },
    );
    if (!outcome.ok) {
      const field =
        outcome.title === "Scan tracking"
          ? "trackScans"
          : outcome.title === "Design"
            ? "customization"
            : "data";
      switch (outcome.status) {
        case 422:
          throw new ApiProblem("unsafe_destination", outcome.message, [
            { field: "data.url", message: outcome.message },
          ]);
        case 429:
          throw new ApiProblem("new_account_limit", outcome.message);
        case 400:
          throw new ApiProblem("invalid_request", outcome.message, [
            { field, message: outcome.message },
          ]);
        case 403:
          if (outcome.title === "Save limit reached") {
            throw new ApiProblem("save_limit_reached", outcome.message);
          }
          throw new ApiProblem("invalid_request", outcome.message, [
            { field, message: outcome.message },
          ]);
        default:
          throw new ApiProblem("unavailable", outcome.message, undefined, { "Retry-After": "30" });
      }
    }
    const saved = await findCodeWithCreator(ctx.db, caller.workspace.id, outcome.id);
    if (!saved) throw new Error("a code just saved is missing");
    return json(await codeJson(ctx, saved), 201, {
      Location: `${ctx.origin}/api/v1/qr-codes/${outcome.id}`,
    });
  },

  async listCodes(ctx) {
    const caller = callerOf(ctx);
    const { rows, hasMore } = await codePage(ctx.db, caller.workspace.id, {
      limit: ctx.query.limit as number,
      startingAfter: ctx.query.starting_after as number | undefined,
    });
    const slugs = await trackedSlugs(
      ctx.db,
      rows.map((row) => row.code.id),
    );
    return json({
      data: rows.map((row) => serializeCode(ctx.origin, row, slugs.get(row.code.id) ?? null)),
      hasMore,
      nextStartingAfter: hasMore ? rows.at(-1)!.code.id : null,
    });
  },

  async getCode(ctx) {
    return json(await codeJson(ctx, await codeOr404(ctx)));
  },

  async updateCode(ctx) {
    const caller = callerOf(ctx);
    const id = ctx.params.id as number;
    const {
      title,
      public: isPublic,
      destination,
    } = ctx.body as { title?: string; public?: boolean; destination?: string };
    await codeOr404(ctx);
    // The destination first: when it is refused, nothing else changes either.
    if (destination !== undefined) await changeDestinationByApi(ctx, caller, id, destination);
    if (title !== undefined) await renameCode(ctx.db, id, caller.workspace.id, title);
    if (isPublic !== undefined) {
      await setCodeSharing(ctx.db, id, caller.workspace.id, caller.actor, isPublic);
    }
    return json(await codeJson(ctx, await codeOr404(ctx)));
  },

  async deleteCode(ctx) {
    const caller = callerOf(ctx);
    const deleted = await deleteCode(
      ctx.db,
      ctx.params.id as number,
      caller.workspace.id,
      caller.actor,
      ctx.origin,
    );
    if (!deleted)
      throw new ApiProblem(
        "not_found",
        `There is no code ${String(ctx.params.id)} in this workspace.`,
      );
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },

  async getCodeImage(ctx) {
    const caller = callerOf(ctx);
    const { code } = await codeOr404(ctx);
    const format = ctx.query.format as DesignFormat;
    requireFormatPlan(caller, format);
    const print = printOptionsOf(format, ctx.query);
    const image = await savedImage(
      ctx.db,
      code,
      contentOf(code),
      ctx.origin,
      format,
      (ctx.query.size as QrSize | undefined) ?? code.customization.size,
      print,
    );
    const body = await image.render().catch((error: unknown) => {
      if (error instanceof LogoNotDrawableError)
        throw new ApiProblem("invalid_request", error.message);
      return refusedDesign(error);
    });
    await recordDownload(ctx.db, code.id, {
      format,
      userId: null,
      ipHash: await hashedClientAddress(ctx.request),
      userAgent: ctx.request.headers.get("User-Agent"),
    });
    // Queued after the answer: the image does not wait for the workspace's endpoints.
    await emitWebhookEvent(
      ctx.db,
      code.workspaceId,
      "qr_code.downloaded",
      { id: code.id, title: code.title, format },
      { waitUntil: ctx.waitUntil },
    );
    return imageResponse(body, format, {
      "Content-Disposition": `inline; filename="${image.fileName}"`,
      ETag: image.etag,
    });
  },

  async createBulkJob(ctx) {
    const job = await createBulkJob({ ...ctx, caller: callerOf(ctx) });
    return json(job, 201, { Location: `${ctx.origin}/api/v1/bulk-jobs/${job.id}` });
  },

  async getBulkJob(ctx) {
    const job = await keptBulkJob({ ...ctx, caller: callerOf(ctx) });
    return json(serializeBulkJob(ctx.origin, job));
  },

  async getBulkJobArchive(ctx) {
    return bulkJobArchive({ ...ctx, caller: callerOf(ctx) });
  },

  async getCodeAnalytics(ctx) {
    const caller = callerOf(ctx);
    const { code } = await codeOr404(ctx);
    const now = new Date();
    const to = ctx.query.to ? utcMidnight(ctx.query.to as string) : utcMidnight(isoDay(now));
    let from = ctx.query.from
      ? utcMidnight(ctx.query.from as string)
      : new Date(to.getTime() - 29 * DAY_MS);
    if (from > to) {
      throw new ApiProblem("invalid_request", "from must be on or before to.", [
        { field: "from", message: "from must be on or before to." },
      ]);
    }
    if ((to.getTime() - from.getTime()) / DAY_MS + 1 > MAX_ANALYTICS_DAYS) {
      const message = `Ask for at most ${MAX_ANALYTICS_DAYS} days at a time.`;
      throw new ApiProblem("invalid_request", message, [{ field: "from", message }]);
    }
    // Days the plan no longer keeps are left out rather than shown as zero.
    const kept = analyticsKeptSince(caller.plan, now);
    if (kept && from < kept) from = utcMidnight(isoDay(new Date(kept.getTime() + DAY_MS - 1)));
    const end = new Date(to.getTime() + DAY_MS);
    const activity = from < end ? await codeActivity(ctx.db, code.id, from, end) : null;
    const daily = (activity?.daily ?? []).map((day) => ({
      date: isoDay(new Date(day.day)),
      scans: day.scans,
      downloads: day.downloads,
    }));
    return json({
      codeId: code.id,
      from: isoDay(from),
      to: isoDay(to),
      totals: {
        scans: daily.reduce((sum, day) => sum + day.scans, 0),
        downloads: daily.reduce((sum, day) => sum + day.downloads, 0),
      },
      daily,
      countries: activity?.countries ?? [],
      devices: activity?.devices ?? [],
    });
  },

  async getCodeScans(ctx) {
    const { code } = await codeOr404(ctx);
    return json(await scanAnalytics(ctx.db, callerOf(ctx), { codeId: code.id }, ctx.query));
  },

  async getWorkspaceScans(ctx) {
    const caller = callerOf(ctx);
    return json(
      await scanAnalytics(ctx.db, caller, { workspaceId: caller.workspace.id }, ctx.query),
    );
  },

  async createWebhook(ctx) {
    const caller = callerOf(ctx);
    const added = await addEndpoint(ctx.db, {
      workspaceId: caller.workspace.id,
      plan: caller.plan,
      url: ctx.body.url as string,
      events: ctx.body.events as string[],
      actor: caller.actor,
      appOrigin: ctx.origin,
    });
    if (!added.ok) {
      if (added.status === 403) throw new ApiProblem("webhook_limit_reached", added.message);
      throw new ApiProblem("invalid_request", added.message, [
        { field: added.field ?? "url", message: added.message },
      ]);
    }
    const { id, url, events, secret } = added;
    return json({ id, url, events, secret }, 201, {
      Location: `${ctx.origin}/api/v1/webhooks/${id}`,
    });
  },

  async deleteWebhook(ctx) {
    const caller = callerOf(ctx);
    const removed = await removeEndpoint(
      ctx.db,
      caller.workspace.id,
      ctx.params.id as string,
      caller.actor,
    );
    if (!removed.ok) {
      throw new ApiProblem(
        "not_found",
        `There is no webhook ${String(ctx.params.id)} in this workspace.`,
      );
    }
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },

  async listStyles(ctx) {
    const caller = callerOf(ctx);
    const styles = await listStyles(ctx.db, caller.workspace.id);
    return json({ data: styles.map(serializeStyle) });
  },

  async createStyle(ctx) {
    const caller = callerOf(ctx);
    const created = await createStyle(
      ctx.db,
      { workspaceId: caller.workspace.id, plan: caller.plan, actor: caller.actor },
      { name: ctx.body.name, design: ctx.body.design },
    );
    if (!created.ok) {
      if (created.status === 409 && created.field === "name") {
        throw new ApiProblem("style_name_taken", created.message, [
          { field: "name", message: created.message },
        ]);
      }
      if (created.status === 409) throw new ApiProblem("style_limit_reached", created.message);
      if (created.status === 403) throw new ApiProblem("plan_required", created.message);
      const field = created.field === "name" ? "name" : `design.${created.field ?? ""}`;
      throw new ApiProblem("invalid_request", created.message, [
        { field: field.replace(/\.$/, ""), message: created.message },
      ]);
    }
    return json(serializeStyle(created.style), 201, {
      Location: `${ctx.origin}/api/v1/styles/${created.style.id}`,
    });
  },

  async deleteStyle(ctx) {
    const caller = callerOf(ctx);
    const removed = await removeStyle(
      ctx.db,
      { workspaceId: caller.workspace.id, plan: caller.plan, actor: caller.actor },
      ctx.params.id,
    );
    if (!removed.ok) throw new ApiProblem("not_found", removed.message);
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },

  async getUsage(ctx) {
    const caller = callerOf(ctx);
    const now = new Date();
    const [totals, seats, keys] = await Promise.all([
      usageTotalsQuery(ctx.db, caller.workspace.id).then(toUsageTotals),
      countSeats(ctx.db, caller.workspace.id, now),
      listApiKeys(ctx.db, caller.workspace.id),
    ]);
    const { capabilities } = PLANS[caller.plan];
    return json({
      workspace: { id: caller.workspace.id, name: caller.workspace.name },
      plan: { id: caller.plan, name: PLANS[caller.plan].name },
      limits: {
        savedCodes: saveLimit(caller.plan),
        seats: seatLimit(caller.plan),
        analyticsRetentionDays: capabilities.analyticsRetentionDays,
        requestsPerMinute: API_REQUESTS_PER_MINUTE,
        apiKeys: MAX_KEYS_PER_WORKSPACE,
      },
      used: {
        savedCodes: totals.totalQRCodes,
        seats: seats.members + seats.pending,
        apiKeys: keys.filter((key) => !key.revokedAt).length,
      },
    });
  },

  async getOpenApiDocument(ctx) {
    return json(openApiDocument(ctx.origin), 200, { "Cache-Control": "public, max-age=300" });
  },
};
