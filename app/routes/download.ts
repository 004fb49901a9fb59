import { redirect } from "react-router";
import { createDatabase } from "../db/client.server";
import { claimVisitorDownload } from "../models/visitor-downloads.server";
import { evaluateFields, fieldsToSearchParams, readFields } from "../qr/fields";
import { ContentTooLongError } from "../qr/matrix";
import { renderPng } from "../qr/png.server";
import { contentMatrix, downloadBaseName } from "../qr/render";
import { hashedClientAddress } from "../security/client.server";
import { visitorId } from "../security/visitor.server";
import type { Route } from "./+types/download";

// GET /download.png and /download.svg with the generator's query string: the same link works
// as a plain anchor without JavaScript and as the download button with it.

function badRequest(message: string) {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function loader({ request }: Route.LoaderArgs) {
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

  // SVG is a paid-plan format (spec section 5); accounts and plans arrive with their own work.
  if (format === "svg") return back("svg-plan");

  let matrix;
  try {
    matrix = contentMatrix(evaluation.content);
  } catch (error) {
    if (error instanceof ContentTooLongError) return badRequest(error.message);
    throw error;
  }

  const visitor = visitorId(request);
  const allowed = await claimVisitorDownload(createDatabase(), {
    visitorId: visitor.id,
    ipHash: await hashedClientAddress(request),
  });
  if (!allowed) return back("download-limit");

  const body = await renderPng(matrix, evaluation.style);
  const headers = new Headers({
    "Content-Type": "image/png",
    "Content-Disposition": `attachment; filename="${downloadBaseName(evaluation.content)}.png"`,
    "Cache-Control": "private, no-store",
  });
  if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  return new Response(body, { headers });
}
