import type { Membership } from "../models/workspaces.server";
import { workspacePlan } from "../workspaces/current.server";
import type { Phrase, Phrased } from "../i18n/phrase";
import { canEmbedLogo, UPGRADE_REQUIRED } from "../plans/rules";
import { checkLogo, LOGO_MAX_BYTES, LOGO_TOO_LARGE } from "../qr/logo";
import type { Logo } from "../qr/png.server";

export type LogoOutcome =
  | { ok: true; logo: Logo | null }
  | ({
      ok: false;
      status: 400 | 401 | 403 | 413;
      title: string;
      /** The title in a page's language, where the refusal is the plan's (issue #32). */
      titlePhrase?: Phrase;
    } & Phrased);

/**
 * The `logo` file of a form, checked in the spec's order (section 5): signed in, a workspace
 * whose plan has logos, at most 2 MB, and really a PNG or JPEG by its bytes.
 */
export async function logoFromForm(
  form: FormData,
  membership: Membership | null,
): Promise<LogoOutcome> {
  const file = form.get("logo");
  if (!(file instanceof File) || file.size === 0) return { ok: true, logo: null };
  if (!membership) {
    return {
      ok: false,
      status: 401,
      title: "Sign in required",
      message: "Authentication required",
    };
  }
  const plan = canEmbedLogo(workspacePlan(membership));
  if (!plan.ok) return { ...plan, status: 403, ...UPGRADE_REQUIRED };
  if (file.size > LOGO_MAX_BYTES) {
    return {
      ok: false,
      status: 413,
      title: LOGO_TOO_LARGE.title,
      message: LOGO_TOO_LARGE.description,
    };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkLogo(bytes);
  if (!checked.ok) {
    return {
      ok: false,
      status: 400,
      title: checked.problem.title,
      message: checked.problem.description,
    };
  }
  return { ok: true, logo: { bytes, type: checked.type } };
}
