import { activeDomains } from "../models/custom-domains.server";
import { createDatabase, type Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { createTrackedLink, saveCode } from "../models/qr-codes.server";
import type { Membership } from "../models/workspaces.server";
import { recordAudit } from "../workspaces/audit.server";
import { workspacePlan } from "../workspaces/current.server";
import { can, refusal } from "../workspaces/roles";
import {
  canEmbedLogo,
  canSaveType,
  canTrackScans,
  saveLimit,
  saveLimitMessage,
  TITLE_REQUIRED,
  UPGRADE_REQUIRED,
} from "../plans/rules";
import { ContentTooLongError } from "../qr/matrix";
import type { Logo } from "../qr/png.server";
import { LogoStoreError, storeLogo } from "../storage/logos.server";
import { contentMatrix } from "../qr/render";
import type { QrContent } from "../qr/types";
import {
  customizationOf,
  type StoredCustomization,
  storedCustomization,
} from "../design/customization";
import { designProblem } from "../design/image.server";
import { encodePayload } from "../qr/payload";
import type { PlanId } from "../plans/catalogue";
import { emitWebhookEvent } from "../webhooks/emit.server";
import { LOOP_MESSAGE } from "../destinations/destination";
import { leadsBackHere } from "../destinations/loop-guard.server";
import { newAccountRoom, unsafeDestination } from "../destinations/safety.server";
import { type Phrase, phrase, type Phrased } from "../i18n/phrase";

export type SaveOutcome =
  | { ok: true; id: number }
  | ({
      ok: false;
      status: 400 | 401 | 403 | 422 | 429 | 503;
      title: string;
      /** The title in a page's language (issue #32). */
      titlePhrase?: Phrase;
    } & Phrased);

/** The titles of the link-safety refusals (issue #31), which the APIs map to their own problems. */
export const UNSAFE_DESTINATION = "Unsafe destination";

/** The title of a refused save, in a page's language (issue #32). */
const SAVE_FAILED = phrase("generator.toast.saveFailed");
export const NEW_ACCOUNT_LIMIT = "New account limit";

/** Where a code is saved, with what plan, and who is recorded as making it. */
export interface SaveTarget {
  workspaceId: string;
  plan: PlanId;
  creator: { id: string; email: string };
}

export interface SaveOptions {
  track?: boolean;
  logo?: Logo | null;
  /** A custom domain of the workspace for the tracked link (issue #18). */
  domainId?: string | null;
}

/**
 * Saves a code for `user` in their current workspace after the checks of spec section 4, in the
 * spec's order: signed in, a role that may create codes, then saveInWorkspace's.
 */
export async function saveForUser(
  user: UserRecord | null,
  membership: Membership | null,
  content: QrContent,
  /** Size and design; the design's defaults need not be given. */
  style: StoredCustomization,
  title: string,
  options: SaveOptions = {},
): Promise<SaveOutcome> {
  if (!user || !membership) {
    return {
      ok: false,
      status: 401,
      title: "Sign in required",
      titlePhrase: phrase("generator.toast.signInRequired"),
      message: "Please sign in to save QR codes to your account.",
    };
  }
  if (!can(membership.role, "codes.manage")) {
    return {
      ok: false,
      status: 403,
      title: "Save failed",
      titlePhrase: SAVE_FAILED,
      message: refusal("codes.manage"),
    };
  }
  const target = {
    workspaceId: membership.workspace.id,
    plan: workspacePlan(membership),
    creator: { id: user.id, email: user.email },
  };
  return saveInWorkspace(target, content, style, title, options);
}

/** A new tracked link to `url` by `creatorId`: refused when unsafe, or over a new account's limit. */
async function trackedLinkRefusal(
  db: Database,
  creatorId: string,
  url: string,
): Promise<SaveOutcome | null> {
  const unsafe = await unsafeDestination(db, url);
  if (unsafe) {
    return {
      ok: false,
      status: 422,
      title: UNSAFE_DESTINATION,
      titlePhrase: phrase("generator.toast.unsafeDestination"),
      message: unsafe.message,
    };
  }
  const room = await newAccountRoom(db, creatorId);
  if (room && room.remaining < 1) {
    return {
      ok: false,
      status: 429,
      title: NEW_ACCOUNT_LIMIT,
      titlePhrase: phrase("pricing.refusal.title.newAccount"),
      message: room.message,
      phrase: room.phrase,
    };
  }
  return null;
}

/**
 * Saves a code in a workspace (the caller checked who may): a title, a type the workspace's plan
 * saves, room under the plan's limit (checked atomically). The audit log records who saved it.
 */
export async function saveInWorkspace(
  { workspaceId, plan, creator }: SaveTarget,
  content: QrContent,
  /** Size and design; the design's defaults need not be given. */
  style: StoredCustomization,
  title: string,
  { track = false, logo = null, domainId = null }: SaveOptions = {},
): Promise<SaveOutcome> {
  const trimmed = title.trim().slice(0, 120);
  if (!trimmed) {
    return {
      ok: false,
      status: 400,
      title: TITLE_REQUIRED.title,
      titlePhrase: TITLE_REQUIRED.titlePhrase,
      message: TITLE_REQUIRED.description,
      phrase: TITLE_REQUIRED.phrase,
    };
  }
  try {
    contentMatrix(content); // refuse what cannot become a code before storing it
  } catch (error) {
    if (error instanceof ContentTooLongError) {
      return {
        ok: false,
        status: 400,
        title: "Save failed",
        titlePhrase: SAVE_FAILED,
        message: error.message,
      };
    }
    throw error;
  }
  // A design that does not scan is never stored (issue #28): the same check as every image's.
  const customization = customizationOf(style);
  const unusable = await designProblem(encodePayload(content), customization, logo);
  if (unusable) {
    return {
      ok: false,
      status: 400,
      title: "Design",
      titlePhrase: phrase("generator.toast.design"),
      message: unusable.message,
    };
  }
  const type = canSaveType(plan, content.type);
  if (!type.ok) {
    return {
      ok: false,
      status: 403,
      title: "Upgrade to save this type",
      titlePhrase: phrase("pricing.refusal.title.saveType"),
      message: type.message,
      phrase: type.phrase,
    };
  }
  if (logo) {
    // A logo uploaded before a downgrade is still in storage; the plan decides, not the upload.
    const verdict = canEmbedLogo(plan);
    if (!verdict.ok) return { ...verdict, status: 403, ...UPGRADE_REQUIRED };
  }
  if (track) {
    const verdict = canTrackScans(plan, content.type);
    if (!verdict.ok) {
      return {
        ...verdict,
        status: 403,
        title: "Scan tracking",
        titlePhrase: phrase("pricing.refusal.title.tracking"),
      };
    }
  }
  const db = createDatabase();
  // A tracked code may not lead back into this service, however it is made (issue #27).
  if (track && content.type === "url" && (await leadsBackHere(db, content.url))) {
    return {
      ok: false,
      status: 400,
      title: "Destination",
      titlePhrase: phrase("generator.toast.destination"),
      message: LOOP_MESSAGE,
    };
  }
  if (track && content.type === "url") {
    const refused = await trackedLinkRefusal(db, creator.id, content.url);
    if (refused) return refused;
  }
  if (domainId) {
    const usable = track && (await activeDomains(db, workspaceId)).some((d) => d.id === domainId);
    if (!usable) {
      return {
        ok: false,
        status: 400,
        title: "Link domain",
        titlePhrase: phrase("generator.toast.linkDomain"),
        message: "Choose an active domain of this workspace for the tracked link, or ours.",
        phrase: phrase("generator.refusal.linkDomain"),
      };
    }
  }
  let logoUrl: string | null;
  try {
    logoUrl = logo ? await storeLogo(workspaceId, logo) : null;
  } catch (error) {
    if (!(error instanceof LogoStoreError)) throw error;
    return {
      ok: false,
      status: 503,
      title: error.title,
      titlePhrase: phrase("generator.toast.uploadFailed"),
      message: error.message,
      phrase: phrase("generator.toast.logoStoreFailed"),
    };
  }
  const id = await saveCode(db, {
    logoUrl,
    workspaceId,
    userId: creator.id,
    content,
    style: storedCustomization(customization),
    title: trimmed,
    limit: saveLimit(plan),
  });
  if (id === null) {
    return {
      ok: false,
      status: 403,
      title: "Save limit reached",
      titlePhrase: phrase("pricing.refusal.title.saveLimit"),
      ...saveLimitMessage(plan),
    };
  }
  await recordAudit(db, {
    workspaceId,
    actor: creator,
    action: "code.created",
    target: id,
    details: { title: trimmed },
  });
  const tracked = track && content.type === "url";
  if (tracked) await createTrackedLink(db, id, content.url, domainId);
  await emitWebhookEvent(db, workspaceId, "qr_code.created", {
    id,
    title: trimmed,
    type: content.type,
    trackScans: tracked,
    createdBy: creator.email,
  });
  return { ok: true, id };
}
