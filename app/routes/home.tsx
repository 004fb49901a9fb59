import { redirect, useLocation, useRouteLoaderData } from "react-router";
import { hasFlash, redirectWithToast } from "../auth/flash.server";
import { getUser } from "../auth/user.server";
import { logoFromForm } from "../codes/logo-upload.server";
import { saveForUser } from "../codes/save.server";
import { getMembership, workspacePlan } from "../workspaces/current.server";
import { justSavedCode } from "../dashboard/code-overview.server";
import { displayHostname } from "../domains/hostname";
import { activeDomains } from "../models/custom-domains.server";
import { loadLogo, LOGO_PREFIX, LogoStoreError, storeLogo } from "../storage/logos.server";
import { AchievementsSlot } from "../components/achievements/achievements-slot";
import { FeatureChecklist } from "../components/achievements/feature-checklist";
import { useReportSavedCode } from "../components/achievements/use-report-saved-code";
import { Generator } from "../components/generator/generator";
import { loadDesigner } from "../components/generator/design-section";
import type { GeneratorNotice } from "../components/generator/generator-notices";
import { HowItWorks } from "../components/how-it-works";
import { TourLauncher } from "../components/tour/tour-launcher";
import { TrialBanner } from "../components/trial-banner";
import type { loader as rootLoader } from "../root";
import { createDatabase } from "../db/client.server";
import { remainingVisitorDownloads } from "../models/visitor-downloads.server";
import { VISITOR_DOWNLOADS_PER_DAY } from "../plans/visitors";
import { evaluateFields, fieldsToSearchParams, readFields } from "../qr/fields";
import { localFrameText, previewKeepingLast, samplePreview } from "../qr/home-preview.server";
import { presetChoices, withFrameText } from "../design/fields";
import { generatorErrorText, translatePreview } from "../components/generator/error-text";
import { type Translate, useT } from "../i18n/i18n";
import { localizedPath } from "../i18n/locales";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { type Phrase, type Phrased, say } from "../i18n/phrase";
import { pageMessage } from "../dashboard/code-messages";
import designerCss from "../styles/designer.css?url";
import { existingVisitorId } from "../security/visitor.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/home";
import { appOrigin } from "../config/app-url.server";
import {
  DESIGN_FIELDS,
  type StoredCustomization,
  storedCustomization,
} from "../design/customization";
import type { Membership } from "../models/workspaces.server";
import {
  appliedStyleQuery,
  generatorStyles,
  savedStyleCustomization,
} from "../styles/generator.server";

const NOTICES: readonly GeneratorNotice[] = ["svg-plan", "print-plan", "download-limit"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const t = await getT(context);
  const frameText = localFrameText(t);
  const { fields, prefilled, fromLink } = readFields(url.searchParams, frameText);
  const notice = url.searchParams.get("notice") as GeneratorNotice | null;
  const visitor = existingVisitorId(request);
  const userId = (await getUser(context))?.id;
  const membership = userId ? await getMembership(context) : null;
  // "Apply style" (issue #28): the brand style's design written into the generator's fields.
  if (url.searchParams.get("applyStyle")) {
    throw await applyStyle(request, context, url, membership);
  }
  // A logo of this workspace (or, from before issue #27, of this person): its key names its owner,
  // and the download route checks again.
  const logo = url.searchParams.get("logo");
  const logoOwners = membership ? [membership.workspace.id, userId] : [];
  // Rendered in place for people without JavaScript: the designer's chunk is ready before rendering.
  await loadDesigner();
  return {
    fields,
    logoKey:
      logo && logoOwners.some((owner) => logo.startsWith(`${LOGO_PREFIX}${owner}/`)) ? logo : null,
    // In the page's language here: the browser's first load carries no English-message matcher.
    preview: translatePreview(
      t,
      prefilled ? previewKeepingLast(fields, url.searchParams.get("last")) : samplePreview(fields),
    ),
    presets: presetChoices().map((preset) => ({
      ...preset,
      design: withFrameText(preset.design, frameText),
    })),
    // After the app's own redirect (a save) its message says more than "QR settings loaded!".
    // Not after the generator's own round trips (its form without JavaScript, its type links).
    prefilled: fromLink && !hasFlash(request),
    notice: notice && NOTICES.includes(notice) ? notice : null,
    // Only visitors have a daily allowance of downloads.
    downloadsLeft: userId
      ? null
      : visitor
        ? await remainingVisitorDownloads(createDatabase(), visitor)
        : VISITOR_DOWNLOADS_PER_DAY,
    origin: appOrigin(),
    // The workspace's brand styles for the generator's select (issue #28).
    brandStyles: await generatorStyles(membership, url.searchParams.get("styleId")),
    // The code just saved, of this workspace only (issue #29 item 1).
    saved: membership
      ? await justSavedCode(
          createDatabase(),
          membership,
          workspacePlan(membership),
          url.searchParams.get("saved"),
          appOrigin(),
          t,
        )
      : null,
    // What the save form had: after a refusal, or brought back through sign-up (issue #29 item 2).
    saveForm: {
      title: (url.searchParams.get("title") ?? "").slice(0, 120),
      track: url.searchParams.get("trackScans") === "on",
      pending: userId !== undefined && url.searchParams.get("pending") === "save",
    },
    // Active custom domains a tracked code may use (issue #18).
    linkDomains: membership
      ? (await activeDomains(createDatabase(), membership.workspace.id)).map((domain) => ({
          id: domain.id,
          hostname: displayHostname(domain.hostname),
        }))
      : [],
  };
}

/** A refusal's title in the page's language where its source gave one (a plan's refusals). */
function titleOf(t: Translate, refusal: { title: string; titlePhrase?: Phrase }): string {
  return say(t, { message: refusal.title, phrase: refusal.titlePhrase });
}

/**
 * A refused save's message in the page's language: by its phrase, else as the code page says a
 * destination's refusal (a loop, an unsafe site) or the generator a check's (issue #32).
 */
function refusalText(t: Translate, refusal: Phrased): string {
  if (refusal.phrase) return say(t, refusal);
  const said = pageMessage(t, refusal.message);
  return said !== refusal.message ? said : generatorErrorText(t, refusal.message);
}

/**
 * The generator's posts: "Add logo" (multipart) and "Save". Post/redirect/get, with the outcome as
 * a flash message; a visitor is sent to sign up first (spec section 5).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
  const { fields } = readFields(params);
  const intent = form.get("intent") === "logo" ? "logo" : "save";
  const user = await getUser(context);
  const t = await getT(context);
  const locale = await getLocale(context);
  const logoKey = typeof form.get("logo") === "string" ? String(form.get("logo")) : "";
  const title = String(form.get("title") ?? "").slice(0, 120);
  const track = form.get("trackScans") === "on";
  const back = (logo = logoKey, extra: Record<string, string> = {}) => {
    const query = fieldsToSearchParams(fields);
    if (logo) query.set("logo", logo);
    for (const [key, value] of Object.entries(extra)) query.set(key, value);
    return localizedPath(locale, `/?${query}#generator`);
  };
  // After a refused save the form keeps its title and its "Track scans".
  const kept = { ...(title ? { title } : {}), ...(track ? { trackScans: "on" } : {}) };
  if (!user) {
    // The code in progress, its title and track choice ride along through sign-up and sign-in;
    // back on the generator it is offered with "Save it now" (issue #29 item 2).
    const pending = intent === "save" ? { ...kept, pending: "save" } : {};
    // A dynamic code needs Premium: its sign-up starts the Premium trial, as the form said.
    const plan = intent === "save" && track && fields.type === "url" ? "&plan=premium" : "";
    throw redirect(
      localizedPath(
        locale,
        `/auth?mode=signup${plan}&reason=${intent}&redirect=${encodeURIComponent(back("", pending))}`,
      ),
      303,
    );
  }
  const membership = await getMembership(context);
  if (intent === "logo") {
    const upload = await logoFromForm(form, membership);
    if (!upload.ok || !upload.logo) {
      return redirectWithToast(request, back(""), {
        title: upload.ok ? t("generator.toast.uploadFailed") : titleOf(t, upload),
        description: upload.ok ? t("generator.toast.chooseFile") : say(t, upload),
        variant: "error",
      });
    }
    try {
      // The workspace's logo, whoever uploaded it (issue #27).
      const key = await storeLogo(membership!.workspace.id, upload.logo);
      return redirectWithToast(request, back(key), {
        title: t("generator.toast.logoUploaded"),
        variant: "success",
      });
    } catch (error) {
      if (!(error instanceof LogoStoreError)) throw error;
      return redirectWithToast(request, back(""), {
        title: t("generator.toast.uploadFailed"),
        description: t("generator.toast.logoStoreFailed"),
        variant: "error",
      });
    }
  }
  const evaluation = evaluateFields(fields);
  if (!evaluation.ok) {
    return redirectWithToast(request, back(logoKey, kept), {
      title: t("generator.toast.saveFailed"),
      description: generatorErrorText(t, Object.values(evaluation.errors)[0] ?? ""),
      variant: "error",
    });
  }
  const logo =
    logoKey && membership ? await loadLogo(logoKey, [membership.workspace.id, user.id]) : null;
  // The code keeps the Design section's design (issue #28); a brand style named by the form lies
  // under the form's fields.
  let style: StoredCustomization = storedCustomization(evaluation.customization);
  const styleId = params.get("styleId");
  if (styleId) {
    const styled = await savedStyleCustomization(membership, styleId, params, evaluation.style);
    if (!styled.ok) {
      return redirectWithToast(request, back(logoKey, kept), {
        title: t("generator.toast.saveFailed"),
        description: styled.message,
        variant: "error",
      });
    }
    style = styled.customization;
  }
  const outcome = await saveForUser(user, membership, evaluation.content, style, title, {
    track,
    logo,
    domainId: String(form.get("linkDomain") ?? "") || null,
  });
  if (!outcome.ok) {
    return redirectWithToast(request, back(logoKey, kept), {
      title: titleOf(t, outcome),
      description: refusalText(t, outcome),
      variant: "error",
    });
  }
  // The generator then shows the saved code itself: for a dynamic code, its short link's image
  // (issue #29 item 1).
  return redirectWithToast(
    request,
    back(logoKey, {
      saved: String(outcome.id),
      ...(track ? { trackScans: "on" } : {}),
    }),
    {
      title: t("generator.toast.saved"),
      description: t("generator.toast.savedDescription", { title: title.trim() }),
      variant: "success",
    },
  );
}

/** "Apply style": back to the generator with the style's design, or with why it cannot be used. */
async function applyStyle(
  request: Request,
  context: Route.LoaderArgs["context"],
  url: URL,
  membership: Membership | null,
) {
  const t = await getT(context);
  const locale = await getLocale(context);
  const home = (query: URLSearchParams | string) => localizedPath(locale, `/?${query}#generator`);
  const query = new URLSearchParams(url.searchParams);
  query.delete("applyStyle");
  const styleId = query.get("styleId");
  if (!styleId) {
    query.delete("styleId");
    return redirect(home(query), 303);
  }
  // The style replaces the form's design: its fields, and the gradient's parts.
  for (const field of [
    ...DESIGN_FIELDS,
    "gradientType",
    "gradientFrom",
    "gradientTo",
    "gradientRotation",
  ]) {
    query.delete(field);
  }
  query.delete("styleId");
  const applied = await appliedStyleQuery(membership, styleId, query);
  if (!applied.ok) {
    return redirectWithToast(request, home(query), {
      title: t("generator.toast.styleNotApplied"),
      description: applied.message,
      variant: "error",
    });
  }
  return redirectWithToast(request, home(applied.query), {
    title: t("generator.toast.styleApplied"),
    description: t("generator.toast.styleAppliedDescription", { name: applied.name }),
    variant: "success",
  });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: designerCss }];

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("generator.meta.title"), t("generator.meta.description"));
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const flash = root?.flash ?? null;
  const t = useT();
  useReportSavedCode(flash);
  return (
    <>
      <TrialBanner banner={root?.user?.trialBanner ?? null} />
      <section className="hero container">
        <h1>{t("generator.hero.title")}</h1>
        <p className="lead">{t("generator.hero.lead")}</p>
      </section>
      <FeatureChecklist />
      <Generator
        // A new address (a prefilled link, the form without JavaScript) starts from its settings.
        key={location.key}
        initialFields={loaderData.fields}
        logoKey={loaderData.logoKey}
        initialPreview={loaderData.preview}
        prefilled={loaderData.prefilled}
        notice={loaderData.notice}
        downloadsLeft={loaderData.downloadsLeft}
        origin={loaderData.origin}
        linkDomains={loaderData.linkDomains}
        presets={loaderData.presets}
        brandStyles={loaderData.brandStyles}
        saved={loaderData.saved}
        saveForm={loaderData.saveForm}
      />
      <AchievementsSlot />
      <HowItWorks />
      <TourLauncher quiet={!location.search && !flash} />
    </>
  );
}
