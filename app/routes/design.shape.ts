import { shapePictureSvg } from "../design/shape-picture";
import type { Route } from "./+types/design.shape";

// GET /design/shapes/{part}-{shape}.svg: the picture beside a shape choice in the generator. The
// same for everyone and never changing with a release's data, so browsers and the edge keep it.

export function loader({ params }: Route.LoaderArgs) {
  const match = /^(dots|corners|centres)-([a-z-]+)\.svg$/.exec(params.file);
  const picture = match ? shapePictureSvg(match[1]!, match[2]!) : null;
  if (!picture) {
    return new Response("There is no such shape.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(picture, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
