import type { Membership } from "../models/workspaces.server";
import { workspacePlan } from "../workspaces/current.server";
import { phrase, type Phrase, type Phrased } from "../i18n/phrase";
import { uploadRefusal } from "../brand/brand";
import { canEmbedLogo, UPGRADE_REQUIRED } from "../plans/rules";
import { checkLogo, LOGO_MAX_BYTES, LOGO_TOO_LARGE, type LogoProblem } from "../qr/logo";
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

/** The toast titles of the logo's refusals, by their English (issue #32). */
const TITLE_PHRASES: Record<string, Phrase> = {
  "File too large": phrase("generator.toast.logoTooLarge"),
  "Invalid file type": phrase("generator.toast.logoType"),
  "Image too large": phrase("generator.toast.logoTooManyPixels"),
};

/** A refused image: its English, and its phrases for a page's toast. */
function refused(status: 400 | 413, problem: LogoProblem): LogoOutcome {
  return {
    ok: false,
    status,
    title: problem.title,
    titlePhrase: TITLE_PHRASES[problem.title],
    ...uploadRefusal(problem),
  };
}

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
  if (file.size > LOGO_MAX_BYTES) return refused(413, LOGO_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkLogo(bytes);
  if (!checked.ok) return refused(400, checked.problem);
  return { ok: true, logo: { bytes, type: checked.type } };
}
