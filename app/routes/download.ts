import { redirect } from "react-router";
import { getUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import type { GeneratorNotice } from "../components/generator/generator-notices";
import {
  DESIGN_QUERY_NAMES,
  designInputFromSearchParams,
  parseCustomization,
} from "../design/customization";
import {
  CONTENT_TYPES,
  type DesignFormat,
  DesignRefusedError,
  designImage,
} from "../design/image.server";
import { printOptionsSchema, resolvePrint } from "../design/print-options";
import { effectivePlan } from "../plans/effective";
import {
  BRAND_STYLES_PLAN_MESSAGE,
  canDownloadPrint,
  canDownloadSvg,
  canEmbedLogo,
} from "../plans/rules";
import { claimVisitorDownload } from "../models/visitor-downloads.server";
import { evaluateFields, fieldsToSearchParams, readFields } from "../qr/fields";
import { FROM_GENERATOR } from "../qr/types";
import { ContentTooLongError } from "../qr/matrix";
import { encodePayload } from "../qr/payload";
import { pixelProblem } from "../qr/logo";
import { LogoNotDrawableError, type Logo } from "../qr/png.server";
import { loadLogo } from "../storage/logos.server";
import { contentMatrix, downloadBaseName } from "../qr/render";
import { hashedClientAddress } from "../security/client.server";
import { escapeHtml } from "../security/escape-html";
import { getLocale, translatorFor } from "../i18n/locale.server";
import { type Locale, localizedPath, splitLocalePath } from "../i18n/locales";
import { visitorId } from "../security/visitor.server";
import { designOverStyle } from "../styles/styles.server";
import type { QrStyle } from "../qr/types";
import { getMembership, workspacePlan } from "../workspaces/current.server";
import type { Route } from "./+types/download";

// GET /download.png, .svg, .pdf and .eps with the generator's query string: the same link works
// as a plain anchor without JavaScript and as the download button with it. The design fields of
// issue #28 ride along under their API names (dotShape, cornerShape, frame, gradientType, …), and
// printWidth, printUnit, dpi and cmyk ask for a print size. `styleId` draws a brand style of the
// signed-in member's workspace, the link's own design fields over it.

function badRequest(message: string) {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The language of the page the download was asked from ("/es/…", its same-origin Referer), else
 * the request's: a refusal sends the person back to the generator they came from (issue #32).
 */
async function pageLocale(request: Request, context: Route.LoaderArgs["context"]) {
  const referer = request.headers.get("Referer");
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer);
    const { locale } = splitLocalePath(from.pathname);
    if (from.origin === new URL(request.url).origin && locale) return locale;
  }
  return getLocale(context);
}

/** A plan's refusal a person can act on: the reason and where to upgrade, with or without JS. */
function planRequired(message: string, locale: Locale) {
  const t = translatorFor(locale);
  // The plan's message is the brand styles' one (styleRefused), said in the page's language.
  const text = message === BRAND_STYLES_PLAN_MESSAGE ? t("generator.plan.brandStyles") : message;
  return new Response(
    `<!doctype html><html lang="${locale.code}" dir="${locale.dir}"><meta charset="utf-8">` +
      `<title>${escapeHtml(t("generator.download.upgradeTitle"))}</title>` +
      `<p role="alert">${escapeHtml(text)} <a href="${localizedPath(locale, "/pricing")}">` +
      `${escapeHtml(t("generator.seePlansUpgrade"))}</a></p>` +
      `<p><a href="${localizedPath(locale, "/#generator")}">` +
      `${escapeHtml(t("generator.download.back"))}</a></p></html>`,
    {
      status: 403,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
    },
  );
}

/** A brand style the link may not use: not this workspace's (404), or not signed in or on the plan (403). */
function styleRefused(status: number, message: string, locale: Locale) {
  if (status === 403 && message === BRAND_STYLES_PLAN_MESSAGE) return planRequired(message, locale);
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** The link's brand style with the fields the link names itself laid over it (app/styles/style.ts). */
async function linkStyle(
  context: Route.LoaderArgs["context"],
  styleId: string,
  params: URLSearchParams,
  style: QrStyle,
) {
  const membership = await getMembership(context);
  const explicit: Record<string, unknown> = {
    ...designInputFromSearchParams(params),
    size: style.size,
  };
  // The generator's fg and bg count only when the link names them.
  if (params.has("fg")) explicit.fgColor = style.fgColor;
  if (params.has("bg")) explicit.bgColor = style.bgColor;
  return designOverStyle(
    createDatabase(),
    membership ? { workspaceId: membership.workspace.id, plan: workspacePlan(membership) } : null,
    styleId,
    explicit,
  );
}

const FORMATS: Record<string, DesignFormat> = {
  ".png": "png",
  ".svg": "svg",
  ".pdf": "pdf",
  ".eps": "eps",
};

const PRINT_FIELDS = ["printWidth", "printUnit", "dpi", "cmyk"] as const;

/** The design's query fields (designInputFromSearchParams), kept when sending someone back. */
const DESIGN_QUERY_FIELDS = new Set(DESIGN_QUERY_NAMES);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const format = FORMATS[url.pathname.slice(url.pathname.lastIndexOf("."))] ?? "png";
  const { fields } = readFields(url.searchParams);
  const evaluation = evaluateFields(fields);
  if (!evaluation.ok) return badRequest(Object.values(evaluation.errors).join("\n"));
  // Back to the generator with a notice explaining why, keeping the code's fields and its design.
  const back = async (notice: GeneratorNotice) => {
    const params = fieldsToSearchParams(fields);
    params.set(FROM_GENERATOR.name, FROM_GENERATOR.value);
    for (const [name, value] of url.searchParams) {
      if (DESIGN_QUERY_FIELDS.has(name) && value !== "") params.set(name, value);
    }
    params.set("notice", notice);
    return redirect(
      localizedPath(await pageLocale(request, context), `/?${params}#generator`),
      303,
    );
  };

  // The design: the generator's size and colours (size, fg, bg) plus the design fields; with
  // `styleId`, the workspace's brand style under the fields the link names itself.
  const styleId = url.searchParams.get("styleId");
  let designInput: Record<string, unknown> = {
    ...designInputFromSearchParams(url.searchParams),
    ...evaluation.style,
  };
  if (styleId) {
    const styled = await linkStyle(context, styleId, url.searchParams, evaluation.style);
    if (!styled.ok) {
      return styleRefused(styled.status, styled.message, await pageLocale(request, context));
    }
    designInput = styled.input;
  }
  const design = parseCustomization(designInput);
  if (!design.ok) return badRequest(Object.values(design.errors).join("\n"));
  const printInput = printOptionsSchema.safeParse(
    Object.fromEntries(
      PRINT_FIELDS.flatMap((name) => {
        const value = url.searchParams.get(name);
        return value === null || value === "" ? [] : [[name, value]];
      }),
    ),
  );
  if (!printInput.success) {
    return badRequest(printInput.error.issues.map((issue) => issue.message).join("\n"));
  }
  const print = resolvePrint(format, printInput.data);
  if (!print.ok) return badRequest(print.message);

  try {
    contentMatrix(evaluation.content);
  } catch (error) {
    if (error instanceof ContentTooLongError) return badRequest(error.message);
    throw error;
  }

  const [user, membership] = await Promise.all([getUser(context), getMembership(context)]);
  // Signed in, the current workspace's plan applies; a visitor's is free.
  const plan = membership ? workspacePlan(membership) : effectivePlan(null, new Date());
  const name = `${downloadBaseName(evaluation.content)}.${format}`;
  const disposition = url.searchParams.get("inline") === "1" ? "inline" : "attachment";

  // Print files are Premium and Ultimate (issue #28), through the plan catalogue.
  if (format === "pdf" || format === "eps") {
    // Refused like SVG: back to the generator, where the notice names the plans and links to them.
    if (!canDownloadPrint(plan).ok) return back("print-plan");
  }

  // A logo of the current workspace (or uploaded by this person before issue #27): drawn at
  // level H, for paid plans only.
  let logo: Logo | null = null;
  const logoKey = url.searchParams.get("logo");
  if (logoKey) {
    logo =
      user && membership && canEmbedLogo(plan).ok
        ? await loadLogo(logoKey, [membership.workspace.id, user.id])
        : null;
    if (!logo) return badRequest("That logo is not available. Upload it again.");
    // A logo stored before uploads were checked for their pixels is refused, never decoded.
    const unusable = pixelProblem(logo.bytes, logo.type);
    if (unusable) return badRequest(new LogoNotDrawableError(unusable).message);
  } else if (format === "svg" && !canDownloadSvg(plan).ok) {
    // SVG is a paid-plan format (spec section 5).
    return back("svg-plan");
  }

  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[format],
    "Content-Disposition": `${logo || format === "pdf" || format === "eps" ? disposition : "attachment"}; filename="${name}"`,
    "Cache-Control": "private, no-store",
  });
  if (format === "svg") {
    headers.set(
      "Content-Security-Policy",
      logo
        ? "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox"
        : "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  }
  // Visitors have a daily allowance (ARCHITECTURE.md decision 2); accounts do not.
  if (format === "png" && !logo && !user) {
    const visitor = visitorId(request);
    const allowed = await claimVisitorDownload(createDatabase(), {
      visitorId: visitor.id,
      ipHash: await hashedClientAddress(request),
    });
    if (!allowed) return back("download-limit");
    if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  }

  let body: Uint8Array<ArrayBuffer> | string;
  try {
    body = await designImage(format, {
      payload: encodePayload(evaluation.content),
      customization: design.value,
      logo,
      ...print.options,
    });
  } catch (error) {
    if (error instanceof DesignRefusedError) return badRequest(error.message);
    throw error;
  }
  return new Response(body, { headers });
}
