import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import {
  brandAssetPath,
  BrandStoreError,
  deleteBrandAsset,
  deleteBrandAssetsOf,
  storeBrandAsset,
} from "../brand/assets.server";
import {
  type BrandAssetKind,
  type BrandFieldErrors,
  checkBrandFields,
  checkFavicon,
  DEFAULT_ACCENT,
  FAVICON_MAX_BYTES,
  uploadRefusal,
} from "../brand/brand";
import { type Phrased, say } from "../i18n/phrase";
import type { Database } from "../db/client.server";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/locale.server";
import { deleteBrand, findBrand, saveBrand } from "../models/brands.server";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { checkLogo, LOGO_MAX_BYTES } from "../qr/logo";
import { recordAudit } from "../workspaces/audit.server";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { staleWorkspaceRefusal, type TabActionContext, tabAccess, tabT } from "./tab-action.server";

// The Brand tab (issue #18, white label on Ultimate): the name, logo, accent colour, favicon and
// support link that people scanning the workspace's codes see instead of this service's name.

export const BRAND_TAB = "/dashboard?tab=brand";
export const BRAND_INTENTS = ["save-brand", "remove-brand"] as const;
type BrandIntent = (typeof BRAND_INTENTS)[number];

export function isBrandIntent(intent: unknown): intent is BrandIntent {
  return BRAND_INTENTS.includes(intent as BrandIntent);
}

export async function brandTab(db: Database, membership: Membership, now: Date, locale: Locale) {
  const t = translatorFor(locale);
  const plan = PLANS[workspacePlan(membership, now)];
  const brand = await findBrand(db, membership.workspace.id);
  return {
    ...tabAccess(membership, "brand.manage", t("integrations.api.upgrade"), {
      compare: t("integrations.api.comparePlans"),
      refusal: t("integrations.ownersAndAdmins"),
    }),
    allowed: plan.capabilities.whiteLabel,
    planName: plan.name,
    brand: brand
      ? {
          name: brand.name,
          accentColor: brand.accentColor,
          supportUrl: brand.supportUrl,
          logoUrl: brand.logoKey ? brandAssetPath(brand.logoKey, false) : null,
          faviconUrl: brand.faviconKey ? brandAssetPath(brand.faviconKey, false) : null,
        }
      : null,
    defaultAccent: DEFAULT_ACCENT,
  };
}

export type BrandTabData = Awaited<ReturnType<typeof brandTab>>;

export interface BrandTabAction {
  brandForm?: {
    errors: BrandFieldErrors & { logo?: string; favicon?: string; form?: string };
    values: { name: string; accentColor: string; supportUrl: string };
  };
}

type Upload =
  | { ok: true; file: { bytes: Uint8Array; type: string } | null }
  | ({ ok: false; status: 400 | 413 } & Phrased);

/** The file field `name`, checked as a code logo (PNG or JPEG, 2 MB) or as a favicon. */
async function upload(form: FormData, name: string, kind: BrandAssetKind): Promise<Upload> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return { ok: true, file: null };
  const limit = kind === "logo" ? LOGO_MAX_BYTES : FAVICON_MAX_BYTES;
  const bytes = new Uint8Array(await file.slice(0, limit + 1).arrayBuffer());
  const checked = kind === "logo" ? checkLogo(bytes) : checkFavicon(bytes);
  if (!checked.ok) {
    return {
      ok: false,
      status: checked.problem.title === "File too large" ? 413 : 400,
      ...uploadRefusal(checked.problem),
    };
  }
  return { ok: true, file: { bytes, type: checked.type } };
}

export async function brandAction(intent: BrandIntent, ctx: TabActionContext) {
  requirePermission(ctx.membership, "brand.manage");
  const stale = staleWorkspaceRefusal(ctx, BRAND_TAB);
  if (stale) return stale;
  const workspaceId = ctx.membership.workspace.id;
  const actor = { id: ctx.user.id, email: ctx.user.email };
  const current = await findBrand(ctx.db, workspaceId);

  if (intent === "remove-brand") {
    if (current) {
      await deleteBrand(ctx.db, workspaceId);
      await deleteBrandAssetsOf([workspaceId]).catch(() => 0);
      await recordAudit(ctx.db, {
        workspaceId,
        actor,
        action: "brand.removed",
        details: { name: current.name },
      });
    }
    return redirectWithToast(ctx.request, BRAND_TAB, {
      title: tabT(ctx)("integrations.brand.toast.removed"),
      description: tabT(ctx)("integrations.brand.toast.removedText"),
      variant: "success",
    });
  }

  const values = {
    name: String(ctx.form.get("name") ?? "").slice(0, 200),
    accentColor: String(ctx.form.get("accentColor") ?? "").slice(0, 20),
    supportUrl: String(ctx.form.get("supportUrl") ?? "").slice(0, 600),
  };
  const refuse = (status: number, errors: NonNullable<BrandTabAction["brandForm"]>["errors"]) =>
    data<BrandTabAction>({ brandForm: { errors, values } }, { status });
  const t = tabT(ctx);
  if (!PLANS[workspacePlan(ctx.membership)].capabilities.whiteLabel) {
    return refuse(403, { form: t("integrations.brand.error.upgrade") });
  }
  const checked = checkBrandFields(values);
  const logo = await upload(ctx.form, "logo", "logo");
  const favicon = await upload(ctx.form, "favicon", "favicon");
  const fieldErrors = checked.ok
    ? {}
    : Object.fromEntries(
        Object.entries(checked.errors).map(([field, message]) => [
          field,
          say(t, { message, phrase: checked.phrases[field as keyof typeof checked.phrases] }),
        ]),
      );
  const errors = {
    ...fieldErrors,
    ...(logo.ok ? {} : { logo: say(t, logo) }),
    ...(favicon.ok ? {} : { favicon: say(t, favicon) }),
  };
  if (!checked.ok || !logo.ok || !favicon.ok) {
    const tooLarge = (!logo.ok && logo.status === 413) || (!favicon.ok && favicon.status === 413);
    return refuse(tooLarge ? 413 : 400, errors);
  }

  let logoKey = ctx.form.get("removeLogo") === "on" ? null : (current?.logoKey ?? null);
  let faviconKey = ctx.form.get("removeFavicon") === "on" ? null : (current?.faviconKey ?? null);
  try {
    if (logo.file)
      logoKey = await storeBrandAsset(workspaceId, "logo", logo.file.bytes, logo.file.type);
    if (favicon.file) {
      faviconKey = await storeBrandAsset(
        workspaceId,
        "favicon",
        favicon.file.bytes,
        favicon.file.type,
      );
    }
  } catch (error) {
    if (error instanceof BrandStoreError) {
      return refuse(503, { form: t("integrations.brand.error.store") });
    }
    throw error;
  }
  await saveBrand(ctx.db, {
    workspaceId,
    ...checked.fields,
    logoKey,
    faviconKey,
    updatedBy: ctx.user.id,
    updatedAt: new Date(),
  });
  // Images no longer used: the same bytes keep their key, so only a real change deletes.
  if (current?.logoKey !== logoKey) await deleteBrandAsset(current?.logoKey ?? null);
  if (current?.faviconKey !== faviconKey) await deleteBrandAsset(current?.faviconKey ?? null);
  await recordAudit(ctx.db, {
    workspaceId,
    actor,
    action: "brand.updated",
    details: { name: checked.fields.name },
  });
  return redirectWithToast(ctx.request, BRAND_TAB, {
    title: tabT(ctx)("integrations.brand.toast.saved"),
    description: tabT(ctx)("integrations.brand.toast.savedText", { name: checked.fields.name }),
    variant: "success",
  });
}
