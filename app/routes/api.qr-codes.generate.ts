import { parseGenerateForm } from "../qr/api-request";
import { bytesToBase64 } from "../qr/base64";
import { ContentTooLongError } from "../qr/matrix";
import { renderPng } from "../qr/png.server";
import { contentMatrix } from "../qr/render";
import { isRateLimited } from "../security/client.server";
import type { Route } from "./+types/api.qr-codes.generate";

function problem(status: number, message: string, errors?: Record<string, string>) {
  return Response.json({ message, ...(errors ? { errors } : {}) }, { status });
}

export function loader() {
  return problem(405, "Use POST to generate a QR code.");
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return problem(405, "Use POST to generate a QR code.");
  if (await isRateLimited(request, "generate")) {
    return problem(429, "Too many requests. Please wait a moment.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return problem(400, "Send the code's details as multipart/form-data.");
  }
  const parsed = parseGenerateForm(form);
  if (!parsed.ok) return problem(400, parsed.message, parsed.errors);
  // Saving needs an account; that path arrives with saved codes.
  if (parsed.request.save) return problem(401, "Authentication required");

  let png: Uint8Array;
  try {
    png = await renderPng(contentMatrix(parsed.request.content), parsed.request.style);
  } catch (error) {
    if (error instanceof ContentTooLongError) return problem(400, error.message);
    throw error;
  }
  return Response.json(
    { dataURL: `data:image/png;base64,${bytesToBase64(png)}` },
    { headers: { "Cache-Control": "no-store" } },
  );
}
