import { getUser } from "../auth/user.server";
import { isFresh } from "../caching/etag";
import { IMAGE_CSP, savedImage } from "../codes/saved-image.server";
import { DESIGN_FORMATS, type DesignFormat, DesignRefusedError } from "../design/image.server";
import { LogoNotDrawableError } from "../qr/png.server";
import { createDatabase } from "../db/client.server";
import {
  findSharedCode,
  findViewableCode,
  recordDownload,
  savedContent,
} from "../models/qr-codes.server";
import { workspacePlanById } from "../models/workspaces.server";
import { canDownloadPrint, canDownloadSvg } from "../plans/rules";
import { hashedClientAddress } from "../security/client.server";
import { requestInfoContext } from "../request-context";
import { emitWebhookEvent } from "../webhooks/emit.server";
import type { Route } from "./+types/api.qr-codes.download";
import { appOrigin } from "../config/app-url.server";
import { SUSPENDED_DOWNLOAD } from "../workspaces/suspension";
import { workspaceSuspension } from "../workspaces/suspension.server";

function plain(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const isDesignFormat = (format: string): format is DesignFormat =>
  (DESIGN_FORMATS as readonly string[]).includes(format);

const NUMERIC_ID = /^[1-9][0-9]{0,15}$/;
const SHARE_ID = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * GET /api/qr-codes/{id}/download?format=png|svg|pdf|eps: by its numeric id, a code of a workspace the
 * caller belongs to; by its share id (issue #27: unguessable, where numeric ids can be walked),
 * anyone's shared one (ARCHITECTURE.md decision 7). Anything else is a 404, whether or not the
 * code exists.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const format = new URL(request.url).searchParams.get("format") ?? "png";
  if (!isDesignFormat(format)) {
    return plain(400, "Choose format=png, format=svg, format=pdf or format=eps.");
  }
  const notFound = () => plain(404, "This QR code does not exist or is not shared.");
  const numeric = NUMERIC_ID.test(params.id);
  if (!numeric && !SHARE_ID.test(params.id)) return notFound();

  const db = createDatabase();
  const user = await getUser(context);
  const code = numeric
    ? await findViewableCode(db, Number(params.id), user?.id ?? null)
    : await findSharedCode(db, params.id);
  const content = code && savedContent(code);
  if (!code || !content) return notFound();
  // Staff suspended its workspace (issue #31): neither members nor share links get its images.
  if (code.workspaceId && (await workspaceSuspension(db, code.workspaceId))) {
    return plain(403, SUSPENDED_DOWNLOAD);
  }
  if (format !== "png") {
    // SVG, PDF and EPS follow the plan of the code's workspace (its owner's), for its members and
    // for anyone with its share link alike: a Premium owner's shared code offers all four, a Free
    // owner's PNG only. The design is the saved one either way.
    // (A code from before workspaces has none: PNG only.)
    const plan = code.workspaceId ? await workspacePlanById(db, code.workspaceId) : "free";
    const verdict = format === "svg" ? canDownloadSvg(plan) : canDownloadPrint(plan);
    if (!verdict.ok) return plain(403, verdict.message);
  }

  const image = await savedImage(db, code, content, appOrigin(), format);
  // A saved code's image changes only with the code: caches keep it and ask again each time
  // (a shared code's, by its share id, in shared caches too; by its numeric id the answer is for
  // members only). A revalidation is not a new download.
  const caching = {
    ETag: image.etag,
    "Cache-Control": code.isPublic && !numeric ? "public, no-cache" : "private, no-cache",
  };
  if (isFresh(request, image.etag)) return new Response(null, { status: 304, headers: caching });
  let body;
  try {
    body = await image.render();
  } catch (error) {
    if (error instanceof LogoNotDrawableError) return plain(422, error.message);
    // A saved design that does not scan as drawn (its short link, say) is never handed out.
    if (error instanceof DesignRefusedError) return plain(422, error.message);
    throw error;
  }
  await recordDownload(db, code.id, {
    format,
    userId: user?.id ?? null,
    ipHash: await hashedClientAddress(request),
    userAgent: request.headers.get("User-Agent"),
  });
  // The event is queued after the answer: the image does not wait for the workspace's endpoints.
  await emitWebhookEvent(
    db,
    code.workspaceId,
    "qr_code.downloaded",
    { id: code.id, title: code.title, format },
    { waitUntil: context.get(requestInfoContext).waitUntil },
  );
  return new Response(body, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Disposition": `attachment; filename="${image.fileName}"`,
      ...caching,
      "Content-Security-Policy": IMAGE_CSP,
    },
  });
}
