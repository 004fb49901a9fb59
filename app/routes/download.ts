import { redirect } from "react-router";
import { getUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import { effectivePlan } from "../plans/effective";
import { canDownloadSvg, canEmbedLogo } from "../plans/rules";
import { claimVisitorDownload } from "../models/visitor-downloads.server";
import { evaluateFields, fieldsToSearchParams, readFields } from "../qr/fields";
import { ContentTooLongError } from "../qr/matrix";
import { renderPng } from "../qr/png-encode";
import { pixelProblem } from "../qr/logo";
import { LogoNotDrawableError, logoDataUrl, renderLogoPng } from "../qr/png.server";
import { loadLogo } from "../storage/logos.server";
import { contentMatrix, downloadBaseName } from "../qr/render";
import { renderSvg } from "../qr/svg";
import { hashedClientAddress } from "../security/client.server";
import { visitorId } from "../security/visitor.server";
import { getMembership, workspacePlan } from "../workspaces/current.server";
import type { Route } from "./+types/download";

// GET /download.png and /download.svg with the generator's query string: the same link works
// as a plain anchor without JavaScript and as the download button with it.

function badRequest(message: string) {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const format = url.pathname.endsWith(".svg") ? "svg" : "png";
  const { fields } = readFields(url.searchParams);
  const evaluation = evaluateFields(fields);
  if (!evaluation.ok) return badRequest(Object.values(evaluation.errors).join("\n"));
  const back = (notice: string) => {
    const params = fieldsToSearchParams(fields);
    params.set("notice", notice);
    return redirect(`/?${params}#generator`, 303);
  };

  let matrix;
  try {
    matrix = contentMatrix(evaluation.content);
  } catch (error) {
    if (error instanceof ContentTooLongError) return badRequest(error.message);
    throw error;
  }

  const [user, membership] = await Promise.all([getUser(context), getMembership(context)]);
  // Signed in, the current workspace's plan applies; a visitor's is free.
  const plan = membership ? workspacePlan(membership) : effectivePlan(null, new Date());
  const name = `${downloadBaseName(evaluation.content)}.${format}`;
  const disposition = url.searchParams.get("inline") === "1" ? "inline" : "attachment";

  // A logo of the current workspace (or uploaded by this person before issue #27): drawn at
  // level H, for paid plans only.
  const logoKey = url.searchParams.get("logo");
  if (logoKey) {
    const logo =
      user && membership && canEmbedLogo(plan).ok
        ? await loadLogo(logoKey, [membership.workspace.id, user.id])
        : null;
    if (!logo) return badRequest("That logo is not available. Upload it again.");
    // A logo stored before uploads were checked for their pixels is refused, never decoded.
    const unusable = pixelProblem(logo.bytes, logo.type);
    if (unusable) return badRequest(new LogoNotDrawableError(unusable).message);
    const withLogo = contentMatrix(evaluation.content, "H");
    if (format === "svg") {
      return new Response(
        renderSvg(withLogo, { ...evaluation.style, logoHref: logoDataUrl(logo) }),
        {
          headers: {
            "Content-Type": "image/svg+xml",
            "Content-Disposition": `${disposition}; filename="${name}"`,
            "Cache-Control": "private, no-store",
            "Content-Security-Policy":
              "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
          },
        },
      );
    }
    return new Response(await renderLogoPng(withLogo, evaluation.style, logo), {
      headers: {
        "Content-Type": "image/png",
        "Content-Disposition": `${disposition}; filename="${name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  }
  // SVG is a paid-plan format (spec section 5).
  if (format === "svg") {
    if (!canDownloadSvg(plan).ok) return back("svg-plan");
    return new Response(renderSvg(matrix, evaluation.style), {
      headers: {
        "Content-Type": "image/svg+xml",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  }

  // Visitors have a daily allowance (ARCHITECTURE.md decision 2); accounts do not.
  const headers = new Headers({
    "Content-Type": "image/png",
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "private, no-store",
  });
  if (!user) {
    const visitor = visitorId(request);
    const allowed = await claimVisitorDownload(createDatabase(), {
      visitorId: visitor.id,
      ipHash: await hashedClientAddress(request),
    });
    if (!allowed) return back("download-limit");
    if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  }
  return new Response(renderPng(matrix, evaluation.style), { headers });
}
