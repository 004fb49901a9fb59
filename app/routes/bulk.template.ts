import { templateCsv } from "../bulk/templates";
import { QR_TYPES, type QrType } from "../qr/types";
import type { Route } from "./+types/bulk.template";

/** /bulk/template.csv?type=wifi: a CSV to fill in, with the type's columns and example rows. */
export function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("type") ?? "url";
  const type = (QR_TYPES as readonly string[]).includes(requested) ? (requested as QrType) : null;
  if (!type) {
    return new Response(`Unknown type “${requested}”. Choose one of: ${QR_TYPES.join(", ")}.`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(`\uFEFF${templateCsv(type)}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bulk-template-${type}.csv"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
