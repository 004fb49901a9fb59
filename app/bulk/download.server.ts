import { env } from "cloudflare:workers";
import { data } from "react-router";
import { zipKey } from "./jobs.server";

/** The stored ZIP as an attachment; shared with the API's download. */
export async function zipResponse(jobId: string, fileName: string): Promise<Response> {
  const object = await env.LOGOS.get(zipKey(jobId));
  if (!object) {
    throw data("This download has expired (batches are kept 7 days).", { status: 404 });
  }
  const base =
    fileName
      .replace(/\.csv$/i, "")
      .replace(/[^\w.-]+/g, "-")
      .slice(0, 80) || "codes";
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="${base}-qr-codes.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
