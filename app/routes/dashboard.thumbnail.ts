import { getUser } from "../auth/user.server";
import { IMAGE_CSP } from "../codes/saved-image.server";
import { drawThumbnail, thumbnailPath } from "../codes/thumbnail.server";
import { appOrigin } from "../config/app-url.server";
import { createDatabase } from "../db/client.server";
import { findViewableCode } from "../models/qr-codes.server";
import type { Route } from "./+types/dashboard.thumbnail";

const NUMERIC_ID = /^[1-9][0-9]{0,15}$/;
const FILE = /^([A-Za-z0-9_-]{22})\.svg$/;

function notFound() {
  return new Response("This thumbnail does not exist.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * GET /dashboard/thumbnails/{id}/{hash}.svg: a code's thumbnail, for members of its workspace
 * only (anyone else gets the same 404 as for a code that does not exist). The hash names what is
 * drawn, so the answer never changes and browsers keep it; a stale hash is sent to the current one.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = FILE.exec(params.file);
  if (!NUMERIC_ID.test(params.id) || !file) return notFound();
  const user = await getUser(context);
  const db = createDatabase();
  const code = await findViewableCode(db, Number(params.id), user?.id ?? null);
  const thumbnail = code && (await drawThumbnail(db, code, appOrigin()));
  if (!code || !thumbnail) return notFound();
  if (thumbnail.hash !== file[1]) {
    return new Response(null, {
      status: 302,
      headers: { Location: thumbnailPath(code.id, thumbnail.hash), "Cache-Control": "no-store" },
    });
  }
  return new Response(thumbnail.svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      // Members only: never in a shared cache; in the member's browser for good.
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": IMAGE_CSP,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
