import type { Database } from "../db/client.server";
import type { QrCodeRecord } from "../db/schema";
import { encodedContent, savedImage } from "../codes/saved-image.server";
import { customizationOf } from "../design/customization";
import { DesignRefusedError } from "../design/image.server";
import type { DesignFormat } from "../design/formats";
import { codeActivity, codeScanTotal } from "../models/code-analytics.server";
import { findWorkspaceCode, savedContent } from "../models/qr-codes.server";
import { PLANS, type PlanId } from "../plans/catalogue";
import { analyticsKeptSince } from "../plans/retention";
import { canDownloadPrint, canDownloadSvg } from "../plans/rules";
import { TYPE_FIELDS } from "../qr/fields";
import { LogoNotDrawableError } from "../qr/png.server";
import { describeContent } from "../qr/payload";
import type { QrContent } from "../qr/types";
import { describedContent, fieldLabel } from "./code-content";
import { designFormValues, designSummary } from "./code-design";
import { pageMessage } from "./code-messages";
import type { Translate } from "../i18n/i18n";
import { say } from "../i18n/phrase";

// What a saved code's page shows besides its destination (issue #29 item 8): the image drawn
// from its saved design, its content and design in words, its scans, and its downloads in every
// format with the plan's locks said, not hit.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The content's fields as the form edits them: strings, "true" for a ticked box. */
export function contentValues(content: QrContent): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of TYPE_FIELDS[content.type]) {
    const value = (content as unknown as Record<string, unknown>)[name];
    values[name] = typeof value === "boolean" ? (value ? "true" : "") : String(value ?? "");
  }
  return values;
}

/** The content in words: each filled field with its label. */
function contentLines(content: QrContent, t: Translate): [string, string][] {
  return Object.entries(contentValues(content))
    .filter(
      ([name, value]) =>
        value !== "" &&
        !(name === "password" && content.type === "wifi" && content.encryption === "nopass"),
    )
    .map(([name, value]) => [
      fieldLabel(t, name),
      name === "hidden" ? t("code.content.yes") : value,
    ]);
}

/** The saved image as the page shows it, or why it cannot be drawn. */
async function pageImage(
  db: Database,
  code: QrCodeRecord,
  content: QrContent,
  origin: string,
  t?: Translate,
) {
  const image = await savedImage(db, code, content, origin, "svg");
  try {
    const svg = String(await image.render());
    return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, problem: null };
  } catch (error) {
    if (error instanceof DesignRefusedError || error instanceof LogoNotDrawableError) {
      return { src: null, problem: t ? pageMessage(t, error.message) : error.message };
    }
    throw error;
  }
}

export interface DownloadChoice {
  format: DesignFormat;
  label: string;
  /** null when the plan does not include the format. */
  href: string | null;
  locked: string | null;
}

function downloads(id: number, plan: PlanId, t: Translate): DownloadChoice[] {
  const verdicts = {
    png: { ok: true as const },
    svg: canDownloadSvg(plan),
    pdf: canDownloadPrint(plan),
    eps: canDownloadPrint(plan),
  };
  return (["png", "svg", "pdf", "eps"] as const).map((format) => {
    const verdict = verdicts[format];
    return {
      format,
      label: format.toUpperCase(),
      href: verdict.ok ? `/api/qr-codes/${id}/download?format=${format}` : null,
      locked: verdict.ok ? null : say(t, verdict),
    };
  });
}

/** Scans of a tracked code: all kept, the last 7 and 30 days, top countries and devices. */
async function scanSummary(db: Database, codeId: number, plan: PlanId, now: Date) {
  const tomorrow = new Date((Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS);
  const from = new Date(tomorrow.getTime() - 30 * DAY_MS);
  const [total, activity] = await Promise.all([
    codeScanTotal(db, codeId, analyticsKeptSince(plan, now)),
    codeActivity(db, codeId, from, tomorrow),
  ]);
  const sum = (days: number) =>
    activity.daily.slice(-days).reduce((all, day) => all + day.scans, 0);
  return {
    counted: PLANS[plan].capabilities.analyticsRetentionDays !== 0,
    total,
    last7: sum(7),
    last30: sum(30),
    countries: activity.countries.slice(0, 5),
    devices: activity.devices.slice(0, 5),
  };
}

export async function codeOverview(
  db: Database,
  code: QrCodeRecord,
  content: QrContent,
  plan: PlanId,
  origin: string,
  t: Translate,
  now = new Date(),
) {
  const { linkUrl, encoded } = await encodedContent(db, code, content, origin);
  const design = customizationOf(code.customization);
  const hasLogo = Boolean(code.logoUrl);
  return {
    type: content.type,
    typeLabel: t(`code.type.${content.type}`),
    dynamic: linkUrl !== null,
    shortLink: linkUrl,
    image: {
      ...(await pageImage(db, code, content, origin, t)),
      alt: t("code.image.alt", { content: say(t, describedContent(encoded)) }),
    },
    content: contentLines(content, t),
    contentValues: contentValues(content),
    design: designSummary(design, hasLogo, t),
    designValues: designFormValues(design),
    hasLogo,
    downloads: downloads(code.id, plan, t),
    downloadCount: code.downloadCount,
    scans: linkUrl ? await scanSummary(db, code.id, plan, now) : null,
  };
}

export type CodeOverview = Awaited<ReturnType<typeof codeOverview>>;

const NUMERIC_ID = /^[1-9][0-9]{0,15}$/;

/**
 * The code just saved, as the generator shows it after "Save QR Code" (issue #29 item 1): its own
 * image (for a dynamic code, the short link's), its page and its downloads. Only a code of the
 * member's current workspace; anything else (another's id, a malformed one) is null.
 */
export async function justSavedCode(
  db: Database,
  membership: { workspace: { id: string } },
  plan: PlanId,
  rawId: string | null,
  origin: string,
  t: Translate,
) {
  if (!rawId || !NUMERIC_ID.test(rawId)) return null;
  const code = await findWorkspaceCode(db, Number(rawId), membership.workspace.id);
  const content = code && savedContent(code);
  if (!code || !content) return null;
  const { linkUrl, encoded } = await encodedContent(db, code, content, origin);
  return {
    id: code.id,
    title: code.title || describeContent(content),
    page: `/dashboard/codes/${code.id}`,
    dynamic: linkUrl !== null,
    shortLink: linkUrl,
    image: {
      ...(await pageImage(db, code, content, origin)),
      alt: `QR code: ${describeContent(encoded)}`,
    },
    downloads: downloads(code.id, plan, t),
  };
}

export type JustSavedCode = NonNullable<Awaited<ReturnType<typeof justSavedCode>>>;
