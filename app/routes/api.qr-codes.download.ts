import { getUser } from "../auth/user.server";
import { isFresh } from "../caching/etag";
import { IMAGE_CSP, savedImage } from "../codes/saved-image.server";
import { LogoNotDrawableError } from "../qr/png.server";
import { createDatabase } from "../db/client.server";
import { findViewableCode, recordDownload, savedContent } from "../models/qr-codes.server";
import { effectivePlan } from "../plans/effective";
import { canDownloadSvg } from "../plans/rules";
import { hashedClientAddress } from "../security/client.server";
import { requestInfoContext } from "../request-context";
import { getMembership, workspacePlan } from "../workspaces/current.server";
import { emitWebhookEvent } from "../webhooks/emit.server";
import type { Route } from "./+types/api.qr-codes.download";

function plain(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * GET /api/qr-codes/{id}/download?format=png|svg: a code of a workspace the caller belongs to, or
 * anyone's public one
 * (ARCHITECTURE.md decision 7). Anything else is a 404, whether or not the code exists.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const format = new URL(request.url).searchParams.get("format") ?? "png";
  if (format !== "png" && format !== "svg") return plain(400, "Choose format=png or format=svg.");
  const notFound = () => plain(404, "This QR code does not exist or is not shared.");
  if (!Number.isSafeInteger(id) || id < 1) return notFound();

  const db = createDatabase();
  const user = await getUser(context);
  const code = await findViewableCode(db, id, user?.id ?? null);
  const content = code && savedContent(code);
  if (!code || !content) return notFound();
  if (format === "svg") {
    // A member downloads with the plan of the code's workspace; anyone else with their own.
    const membership = await getMembership(context);
    const verdict = canDownloadSvg(
      membership?.workspace.id === code.workspaceId
        ? workspacePlan(membership)
        : effectivePlan(user, new Date()),
    );
    if (!verdict.ok) return plain(403, verdict.message);
  }

  const image = await savedImage(db, code, content, new URL(request.url).origin, format);
  // A saved code's image changes only with the code: caches keep it and ask again each time
  // (a public code's in shared caches too). A revalidation is not a new download.
  const caching = {
    ETag: image.etag,
    "Cache-Control": code.isPublic ? "public, no-cache" : "private, no-cache",
  };
  if (isFresh(request, image.etag)) return new Response(null, { status: 304, headers: caching });
  let body;
  try {
    body = await image.render();
  } catch (error) {
    if (error instanceof LogoNotDrawableError) return plain(422, error.message);
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
