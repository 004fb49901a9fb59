import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { codeFromQuery } from "../../achievements/activity";
import type { ContentField, GeneratorFields } from "../../qr/fields";
import type { Preview } from "../../qr/preview";
import { PLANS } from "../../plans/catalogue";
import { countsScans, SVG_PLAN_MESSAGE } from "../../plans/rules";
import { QR_SIZES, QR_TYPE_LABELS, QR_TYPES, type QrType } from "../../qr/types";
import { preloadUsageTracker, useReportUsage } from "../achievements/use-report-usage";
import { useAuth } from "../auth/auth-state";
import { CopyButton } from "../copy-button";
import { useToast } from "../toast";
import { useHydrated } from "../use-hydrated";
import { ContentFields } from "./content-fields";

/** Delay between the last change and the new preview (spec section 4). */
export const PREVIEW_DEBOUNCE_MS = 400;

export type GeneratorNotice = "svg-plan" | "download-limit";

interface GeneratorProps {
  initialFields: GeneratorFields;
  /** R2 key of a logo the signed-in user uploaded for this code. */
  logoKey: string | null;
  /** The server's preview of `initialFields`. */
  initialPreview: Preview;
  prefilled: boolean;
  notice: GeneratorNotice | null;
  /** PNG downloads left today for a visitor; null when the limit does not apply. */
  downloadsLeft: number | null;
  origin: string;
  /** The workspace's active custom domains, for a tracked code's link. */
  linkDomains?: { id: string; hostname: string }[];
}

function validHex(color: string): string | null {
  return /^#[\da-f]{6}$/i.test(color) ? color.toLowerCase() : null;
}

function ColorField({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: "fg" | "bg";
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const fallback = name === "fg" ? "#000000" : "#ffffff";
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="color-control">
        {/* Without JavaScript the native picker is the control that submits. */}
        <input
          id={id}
          type="color"
          name={name}
          value={validHex(value) ?? fallback}
          onChange={(event) => onChange(event.target.value)}
        />
        {hydrated ? (
          <input
            type="text"
            className="color-text"
            aria-label={`${label} as hex`}
            value={value}
            maxLength={7}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.target.value.trim())}
          />
        ) : (
          <code className="color-text">{value}</code>
        )}
      </div>
    </div>
  );
}

const loadPreviewModule = () => import("../../qr/preview");

/**
 * The preview of `fields`: the server's until they change, then drawn in the browser by the
 * lazily loaded QR core. If that cannot load or draw and there is no earlier preview to keep,
 * the visitor hears "Generation failed" (spec section 9) and the form still works without it.
 */
function useLivePreview(
  fields: GeneratorFields,
  initialFields: GeneratorFields,
  initialPreview: Preview,
): Preview {
  const toast = useToast();
  const [preview, setPreview] = useState(initialPreview);
  const shown = useRef(initialPreview.ok);

  // Fetch the QR core while the visitor reads, so that the first change draws at once.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => {
      void loadPreviewModule().catch(() => undefined);
      preloadUsageTracker();
    });
  }, []);

  useEffect(() => {
    if (fields === initialFields) return;
    let current = true;
    loadPreviewModule()
      .then(({ buildPreview }) => buildPreview(fields))
      .then(
        (next) => {
          if (!current) return;
          shown.current ||= next.ok;
          setPreview(next);
        },
        () => {
          if (!current || shown.current) return;
          toast({ title: "Generation failed", variant: "error" });
        },
      );
    return () => {
      current = false;
    };
  }, [fields, initialFields, toast]);

  return preview;
}

/**
 * Saving the code shown: a plain post of the same settings and a title, so it works without
 * JavaScript; a visitor is sent to sign up first (spec section 5).
 */
function SaveForm({
  query,
  logoKey,
  linkDomains,
  origin,
}: {
  query: string | null;
  logoKey: string | null;
  linkDomains: { id: string; hostname: string }[];
  origin: string;
}) {
  const { user } = useAuth();
  const titleId = useId();
  const domainId = useId();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.has("title") === true;
  const canTrack =
    user !== null &&
    countsScans(user.plan) &&
    new URLSearchParams(query ?? "").get("type") === "url";
  return (
    <Form method="post" action="/?index" className="save-form" aria-label="Save this code">
      {query
        ? [...new URLSearchParams(query)].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))
        : null}
      {logoKey ? <input type="hidden" name="logo" value={logoKey} /> : null}
      {canTrack ? (
        <label className="checkbox">
          <input type="checkbox" name="trackScans" /> Track scans (the code then points to a short
          link here that counts each scan and forwards to your address)
        </label>
      ) : null}
      {canTrack && linkDomains.length > 0 ? (
        <div className="field">
          <label htmlFor={domainId}>Short link domain (for tracked codes)</label>
          <select id={domainId} name="linkDomain" defaultValue="">
            <option value="">{new URL(origin).host} (ours)</option>
            {linkDomains.map((domain) => (
              <option key={domain.id} value={domain.id}>
                {domain.hostname}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <label htmlFor={titleId}>Title</label>
      <div className="share-row">
        <input
          id={titleId}
          name="title"
          required
          maxLength={120}
          placeholder="e.g. Café menu"
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" disabled={!query || saving}>
          {saving ? "Saving..." : "Save QR Code"}
        </button>
      </div>
      {user ? null : (
        <p className="muted small">Saving needs a free account; you will be asked to sign up.</p>
      )}
    </Form>
  );
}

/**
 * Adding a logo (Premium and Ultimate): a multipart post of the file with the current settings.
 * Others see what it takes.
 */
function LogoForm({ query, logoKey }: { query: string | null; logoKey: string | null }) {
  const { user } = useAuth();
  const fileId = useId();
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "logo";
  if (!user || !PLANS[user.plan].capabilities.logo) {
    return (
      <p className="muted small">
        Add your logo to the code with{" "}
        <Link to={user ? "/pricing" : "/signin?reason=logo"}>Premium or Ultimate</Link>.
      </p>
    );
  }
  return (
    <Form
      method="post"
      action="/?index"
      encType="multipart/form-data"
      className="save-form"
      aria-label="Add a logo"
    >
      {query
        ? [...new URLSearchParams(query)].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))
        : null}
      <input type="hidden" name="intent" value="logo" />
      <label htmlFor={fileId}>{logoKey ? "Replace logo" : "Logo"}</label>
      <div className="share-row">
        <input id={fileId} type="file" name="logo" accept="image/png,image/jpeg" required />
        <button type="submit" className="btn btn-ghost" disabled={!query || uploading}>
          {uploading ? "Uploading..." : "Add logo"}
        </button>
      </div>
      <p className="muted small">
        PNG or JPEG up to 2 MB. The code switches to the highest error correction so it still scans.
        {logoKey && query ? (
          <>
            {" "}
            <Link to={`/?${query}#generator`}>Remove logo</Link>
          </>
        ) : null}
      </p>
    </Form>
  );
}

export function Generator({
  initialFields,
  logoKey,
  initialPreview,
  prefilled,
  notice,
  downloadsLeft,
  origin,
  linkDomains = [],
}: GeneratorProps) {
  const toast = useToast();
  const hydrated = useHydrated();
  const { user } = useAuth();
  const reportUsage = useReportUsage();
  const svgAllowed = user !== null && PLANS[user.plan].capabilities.svg;
  const [fields, setFields] = useState(initialFields);
  const [previewFields, setPreviewFields] = useState(initialFields);
  const announced = useRef(false);

  useEffect(() => {
    if (fields === previewFields) return;
    const timer = setTimeout(() => setPreviewFields(fields), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [fields, previewFields]);

  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    if (prefilled) toast({ title: "QR settings loaded!", variant: "success", duration: 3000 });
  }, [prefilled, toast]);

  // The server only shows a logo its owner uploaded, so one here means a logo was added.
  useEffect(() => {
    if (logoKey) reportUsage("logo");
  }, [logoKey, reportUsage]);

  const livePreview = useLivePreview(previewFields, initialFields, initialPreview);
  // With a logo the server draws the code (it holds the logo); the links carry the logo too.
  const withLogo = (path: string, query: string) =>
    `${path}?${query}${logoKey ? `&logo=${encodeURIComponent(logoKey)}` : ""}`;
  const preview: Preview =
    livePreview.ok && logoKey
      ? { ...livePreview, src: withLogo("/download.png", livePreview.query) + "&inline=1" }
      : livePreview;
  const errors = preview.ok ? {} : preview.errors;
  const shareUrl = preview.ok ? `${origin}/?${preview.query}` : "";

  const setValue = (name: ContentField, value: string) =>
    setFields((current) => ({ ...current, values: { ...current.values, [name]: value } }));
  const setStyle = (patch: Partial<Pick<GeneratorFields, "size" | "fg" | "bg">>) => {
    setFields((current) => ({ ...current, ...patch }));
    reportUsage(patch.size ? "size" : "colors");
  };
  const chooseType = (type: QrType) => {
    if (type !== fields.type) reportUsage("type");
    const next = { ...fields, type };
    setFields(next);
    setPreviewFields(next);
  };

  const typeHref = (type: QrType) =>
    `/?${new URLSearchParams({ type, size: fields.size, fg: fields.fg.slice(1), bg: fields.bg.slice(1) })}#generator`;

  /** A download creates the code shown (spec: downloads and saves count as created). */
  const reportDownload = (query: string) => {
    reportUsage("download", codeFromQuery(query) ?? undefined);
  };

  const sizeId = useId();
  return (
    <section id="generator" className="generator container" aria-labelledby="generator-heading">
      <h2 id="generator-heading" className="sr-only">
        QR code generator
      </h2>
      {/* With JavaScript the same message arrives as a toast. */}
      {prefilled && !hydrated ? (
        <p className="notice notice-success" role="status">
          QR settings loaded!
        </p>
      ) : null}
      {notice === "svg-plan" ? (
        <p className="notice notice-warning" role="alert">
          {SVG_PLAN_MESSAGE} <Link to="/pricing">See plans</Link>
        </p>
      ) : null}
      {notice === "download-limit" ? (
        <p className="notice notice-warning" role="alert">
          You have used your 3 free downloads for today.{" "}
          <Link to="/auth?mode=signup">Sign up free</Link> to keep downloading.
        </p>
      ) : null}

      <nav className="type-tabs" aria-label="Code type" data-tour="generator">
        {QR_TYPES.map((type) => (
          <a
            key={type}
            href={typeHref(type)}
            className="type-tab"
            aria-current={fields.type === type ? "true" : undefined}
            onClick={(event) => {
              event.preventDefault();
              chooseType(type);
            }}
          >
            {QR_TYPE_LABELS[type]}
          </a>
        ))}
      </nav>

      <div className="generator-grid">
        <form
          method="get"
          action="/#generator"
          className="card generator-form"
          aria-label="Code details"
          onSubmit={(event) => {
            event.preventDefault();
            setPreviewFields(fields);
          }}
        >
          <input type="hidden" name="type" value={fields.type} />
          {logoKey ? <input type="hidden" name="logo" value={logoKey} /> : null}
          <fieldset>
            <legend>{QR_TYPE_LABELS[fields.type]} details</legend>
            <ContentFields
              type={fields.type}
              values={fields.values}
              errors={errors}
              onChange={setValue}
            />
          </fieldset>
          <fieldset data-tour="customization">
            <legend>Size and colours</legend>
            <div className="field-row">
              <div className="field">
                <label htmlFor={sizeId}>Size</label>
                <select
                  id={sizeId}
                  name="size"
                  value={fields.size}
                  onChange={(event) => setStyle({ size: event.target.value })}
                >
                  {QR_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size} × {size} px
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="field-row">
              <ColorField
                name="fg"
                label="Foreground"
                value={fields.fg}
                error={errors.fg}
                onChange={(fg) => setStyle({ fg })}
              />
              <ColorField
                name="bg"
                label="Background"
                value={fields.bg}
                error={errors.bg}
                onChange={(bg) => setStyle({ bg })}
              />
            </div>
            {errors.fg || errors.bg ? (
              <p className="field-error" role="alert">
                {errors.fg ?? errors.bg}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" className="btn btn-primary">
            Update preview
          </button>
        </form>

        {/* On a phone the code shows first, above the fields, and its tools after them. */}
        <div className="card preview-card">
          <div className="preview-figure" aria-live="polite">
            {preview.ok ? (
              <img className="preview-image" src={preview.src} alt={preview.alt} />
            ) : (
              <div className="preview-empty">
                <p>{errors.form ?? "Fill in the details to see your QR code."}</p>
              </div>
            )}
          </div>
          <div className="preview-tools">
            <div className="preview-actions" data-tour="download">
              <a
                className="btn btn-primary"
                href={preview.ok ? withLogo("/download.png", preview.query) : undefined}
                aria-disabled={preview.ok ? undefined : true}
                onClick={(event) => {
                  if (!preview.ok) return event.preventDefault();
                  toast({ title: "Download started", variant: "success", duration: 2000 });
                  reportDownload(preview.query);
                }}
              >
                Download PNG
              </a>
              <a
                className="btn btn-ghost"
                href={preview.ok ? withLogo("/download.svg", preview.query) : undefined}
                aria-disabled={preview.ok ? undefined : true}
                onClick={(event) => {
                  if (!preview.ok) return event.preventDefault();
                  if (svgAllowed) {
                    toast({ title: "Download started", variant: "success", duration: 2000 });
                    reportDownload(preview.query);
                    reportUsage("svg-download");
                  } else {
                    event.preventDefault();
                    toast({ title: SVG_PLAN_MESSAGE, variant: "error" });
                  }
                }}
              >
                Download SVG
              </a>
            </div>
            {downloadsLeft !== null ? (
              <p className="muted small">
                {downloadsLeft} of 3 free PNG downloads left today.{" "}
                <Link to="/auth?mode=signup">Sign up free</Link> for more.
              </p>
            ) : null}
            <LogoForm query={preview.ok ? preview.query : null} logoKey={logoKey} />
            <SaveForm
              query={preview.ok ? preview.query : null}
              logoKey={logoKey}
              linkDomains={linkDomains}
              origin={origin}
            />
            {preview.ok ? (
              <div className="share">
                <label htmlFor="share-link">Share link</label>
                <div className="share-row">
                  <input id="share-link" readOnly value={shareUrl} />
                  <CopyButton
                    text={shareUrl}
                    label="Copy share link"
                    onCopied={() => reportUsage("share")}
                  />
                </div>
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
