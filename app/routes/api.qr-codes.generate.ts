import { jsonProblem } from "../auth/responses.server";
import { getUser } from "../auth/user.server";
import { saveForUser, UNSAFE_DESTINATION } from "../codes/save.server";
import { getMembership, workspacePlan } from "../workspaces/current.server";
import { parseGenerateForm, styleIdOf } from "../qr/api-request";
import { createDatabase } from "../db/client.server";
import type { Design } from "../design/schema";
import { overStyle } from "../styles/style";
import { designOverStyle } from "../styles/styles.server";
import { bytesToBase64 } from "../qr/base64";
import { ContentTooLongError } from "../qr/matrix";
import { logoFromForm } from "../codes/logo-upload.server";
import { DesignRefusedError, designImage } from "../design/image.server";
import { encodePayload } from "../qr/payload";
import { isRateLimited } from "../security/client.server";
import type { Route } from "./+types/api.qr-codes.generate";

export function loader() {
  return jsonProblem(405, "Use POST to generate a QR code.");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonProblem(405, "Use POST to generate a QR code.");
  if (await isRateLimited(request, "generate")) {
    return jsonProblem(429, "Too many requests. Please wait a moment.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return jsonProblem(400, "Send the code's details as multipart/form-data.");
  }
  // customization.styleId: a brand style of the caller's workspace, its explicit fields over it.
  const styleId = styleIdOf(form);
  const signedIn = form.get("save") === "true" || form.get("logo") instanceof File || !!styleId;
  const [user, membership] = signedIn
    ? await Promise.all([getUser(context), getMembership(context)])
    : [null, null];
  let base: Record<string, unknown> = {};
  if (styleId !== undefined) {
    const styled = await designOverStyle(
      createDatabase(),
      membership ? { workspaceId: membership.workspace.id, plan: workspacePlan(membership) } : null,
      styleId,
      {},
    );
    if (!styled.ok) {
      return jsonProblem(styled.status, styled.message, {
        errors: { "customization.styleId": styled.message },
      });
    }
    base = styled.input;
  }
  const parsed = parseGenerateForm(form, (explicit) => overStyle(base as Design, explicit));
  if (!parsed.ok) return jsonProblem(400, parsed.message, { errors: parsed.errors });
  const { content, style, save, title, trackScans } = parsed.request;
  const upload = await logoFromForm(form, membership);
  if (!upload.ok) return jsonProblem(upload.status, upload.message, { title: upload.title });
  const { logo } = upload;

  let png: Uint8Array;
  try {
    // A logo covers modules, so its code carries the highest error correction (H). A styled
    // design is read back by a decoder before it is answered (issue #28).
    png = (await designImage("png", {
      payload: encodePayload(content),
      customization: style,
      logo,
    })) as Uint8Array;
  } catch (error) {
    if (error instanceof ContentTooLongError) return jsonProblem(400, error.message);
    if (error instanceof DesignRefusedError) {
      return jsonProblem(400, error.message, { errors: { [error.field]: error.message } });
    }
    throw error;
  }
  // Saved only once it is known to render: nothing unusable is ever stored.
  let saved: number | null = null;
  if (save) {
    if (!user) return jsonProblem(401, "Authentication required");
    const outcome = await saveForUser(user, membership, content, style, title, {
      track: trackScans,
      logo,
    });
    if (!outcome.ok) {
      // A refused destination names the field it belongs to (issue #31).
      const field =
        outcome.title === UNSAFE_DESTINATION ? { errors: { url: outcome.message } } : {};
      return jsonProblem(outcome.status, outcome.message, field);
    }
    saved = outcome.id;
  }
  const dataURL = `data:image/png;base64,${bytesToBase64(png)}`;
  return Response.json(
    saved === null ? { dataURL } : { dataURL, id: saved, qrCode: { id: saved } },
    {
      headers: { "Cache-Control": "no-store" },
    },
  );
}
