import { getUser } from "../auth/user.server";
import { etagFor, isFresh } from "../caching/etag";
import { createDatabase } from "../db/client.server";
import {
  findViewableCode,
  recordDownload,
  savedContent,
  trackedSlugs,
} from "../models/qr-codes.server";
import { effectivePlan } from "../plans/effective";
import { canDownloadSvg } from "../plans/rules";
import { logoDataUrl, renderLogoPng, renderPng } from "../qr/png.server";
import { loadLogo } from "../storage/logos.server";
import { contentMatrix, downloadBaseName } from "../qr/render";
import { renderSvg } from "../qr/svg";
import { hashedClientAddress } from "../security/client.server";
import { getMembership, workspacePlan } from "../workspaces/current.server";
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

  // A tracked code encodes its short link on this service, which counts the scan and redirects.
  const slug = (await trackedSlugs(db, [code.id])).get(code.id);
  const encoded = slug
    ? { type: "url" as const, url: `${new URL(request.url).origin}/s/${slug}` }
    : content;
  // A saved code's image changes only with the code: caches keep it and ask again each time
  // (a public code's in shared caches too). A revalidation is not a new download.
  const etag = await etagFor([
    code.id,
    code.updatedAt.getTime(),
    format,
    slug ? `${new URL(request.url).origin}/s/${slug}` : "",
    code.logoUrl ?? "",
  ]);
  const caching = {
    ETag: etag,
    "Cache-Control": code.isPublic ? "public, no-cache" : "private, no-cache",
  };
  if (isFresh(request, etag)) return new Response(null, { status: 304, headers: caching });
  const logo = code.logoUrl ? await loadLogo(code.logoUrl, code.userId) : null;
  const matrix = contentMatrix(encoded, logo ? "H" : "M");
  const body =
    format === "svg"
      ? renderSvg(matrix, { ...code.customization, logoHref: logo ? logoDataUrl(logo) : undefined })
      : logo
        ? await renderLogoPng(matrix, code.customization, logo)
        : await renderPng(matrix, code.customization);
  await recordDownload(db, code.id, {
    format,
    userId: user?.id ?? null,
    ipHash: await hashedClientAddress(request),
    userAgent: request.headers.get("User-Agent"),
  });
  const name = `${downloadBaseName(content)}.${format}`;
  return new Response(body, {
    headers: {
      "Content-Type": format === "svg" ? "image/svg+xml" : "image/png",
      "Content-Disposition": `attachment; filename="${name}"`,
      ...caching,
      // An SVG is an active document; served as an attachment with no scripts allowed.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
