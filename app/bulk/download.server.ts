import { env } from "cloudflare:workers";
import { zipKey } from "./jobs.server";

/** The stored ZIP as an attachment, or null once it is gone; the page's and the API's download. */
export async function zipResponse(jobId: string, fileName: string): Promise<Response | null> {
  const object = await env.LOGOS.get(zipKey(jobId));
  if (!object) return null;
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
