import { useState } from "react";
import { Link } from "react-router";
import type { JustSavedCode } from "../../dashboard/code-overview.server";
import { Trans, useErrorText, useLocalePath, useT } from "../../i18n/i18n";
import { PLANS } from "../../plans/catalogue";
import { VISITOR_DOWNLOADS_PER_DAY } from "../../plans/visitors";
import type { Preview } from "../../qr/preview";
import type { QrType } from "../../qr/types";
import { useReportUsage } from "../achievements/use-report-usage";
import { useAuth } from "../auth/auth-state";
import { CopyButton } from "../copy-button";
import { LockedDownload } from "../locked-download";
import { downloadHref } from "./download-link";
import { LogoForm } from "./logo-form";
import { SaveForm, type SaveFormState } from "./save-form";
import { useDownloadStarted } from "./use-download-started";

/**
 * The code as it stands and what can be done with it: download (plain links, so they work without
 * JavaScript), add a logo, save, share. On a phone the code shows first, above the fields, and its
 * tools after them.
 */
export function PreviewPanel({
  preview,
  logoKey,
  downloadsLeft,
  origin,
  linkDomains,
  saved = null,
  saveForm,
  type,
}: {
  preview: Preview;
  /** The type being made (the save form says what a free account cannot save). */
  type: QrType;
  logoKey: string | null;
  /** PNG downloads left today for a visitor; null when the limit does not apply. */
  downloadsLeft: number | null;
  origin: string;
  linkDomains: { id: string; hostname: string }[];
  /** The code just saved, while the fields are still its own (issue #29 item 1). */
  saved?: JustSavedCode | null;
  saveForm?: SaveFormState;
}) {
  // The visitor's allowance goes down as they download, not only on the next page (item 11).
  const [left, setLeft] = useState(downloadsLeft);
  const { user } = useAuth();
  const reportUsage = useReportUsage();
  const svgAllowed = user !== null && PLANS[user.plan].capabilities.svg;
  const query = preview.ok ? preview.query : null;
  const localePath = useLocalePath();
  const shareUrl = preview.ok ? origin + localePath(`/?${preview.query}`) : "";
  const started = useDownloadStarted();
  const t = useT();
  const errorText = useErrorText();

  return (
    <div className="card preview-card">
      <div className="preview-figure" aria-live="polite">
        {saved?.dynamic ? (
          <SavedFigure saved={saved} />
        ) : preview.ok ? (
          <img className="preview-image" src={preview.src} alt={preview.alt} />
        ) : preview.last ? (
          // A refused colour or design: the last good code, dimmed, and why (issue #29 item 15).
          <div className="preview-refused">
            <img
              className="preview-image preview-dimmed"
              src={preview.last.src}
              alt={t("generator.preview.lastAlt", { alt: preview.last.alt })}
            />
            <p className="preview-reason">
              <strong>{t("generator.preview.notUpdated")}</strong> {errorText(preview.reason ?? "")}
            </p>
          </div>
        ) : (
          <div className="preview-empty">
            <p className={preview.reason ? "preview-reason" : undefined}>
              {preview.reason || preview.errors.form
                ? errorText(preview.reason ?? preview.errors.form ?? "")
                : t("generator.preview.empty")}
            </p>
          </div>
        )}
      </div>
      <div className="preview-tools">
        {saved?.dynamic ? (
          <SavedDownloads saved={saved} />
        ) : (
          <div className="preview-actions" data-tour="download">
            <a
              className="btn btn-primary"
              href={preview.ok ? downloadHref("/download.png", preview.query, logoKey) : undefined}
              aria-disabled={preview.ok ? undefined : true}
              onClick={(event) => {
                if (!preview.ok) return event.preventDefault();
                started(preview.query);
                if (left !== null) setLeft(Math.max(0, left - 1));
              }}
            >
              {t("generator.preview.downloadPng")}
            </a>
            {svgAllowed ? (
              <a
                className="btn btn-ghost"
                href={
                  preview.ok ? downloadHref("/download.svg", preview.query, logoKey) : undefined
                }
                aria-disabled={preview.ok ? undefined : true}
                onClick={(event) => {
                  if (!preview.ok) return event.preventDefault();
                  started(preview.query);
                  reportUsage("svg-download");
                }}
              >
                {t("generator.preview.downloadSvg")}
              </a>
            ) : (
              // A plan without SVG sees the lock and why, rather than a link to a refusal.
              <LockedDownload
                id="generator-svg-locked"
                label="SVG"
                message={t("generator.plan.svg")}
                upgradeHref={localePath("/pricing")}
              />
            )}
          </div>
        )}
        {saved && !saved.dynamic ? (
          <p className="small">
            <Trans
              id="generator.preview.savedOpen"
              values={{ title: saved.title }}
              components={{ 0: <Link to={saved.page} /> }}
            />
          </p>
        ) : null}
        {left !== null ? (
          <p className="muted small" aria-live="polite">
            <Trans
              id="generator.preview.downloadsLeft"
              values={{ left, total: VISITOR_DOWNLOADS_PER_DAY }}
              components={{ 0: <Link to={localePath("/auth?mode=signup")} /> }}
            />
          </p>
        ) : null}
        <LogoForm query={query} logoKey={logoKey} />
        <SaveForm
          query={query}
          logoKey={logoKey}
          linkDomains={linkDomains}
          origin={origin}
          type={type}
          state={saveForm}
        />
        {preview.ok ? (
          <div className="share">
            <label htmlFor="share-link">{t("generator.share.label")}</label>
            <div className="share-row">
              <input id="share-link" readOnly dir="ltr" value={shareUrl} />
              <CopyButton
                text={shareUrl}
                label={t("generator.share.copy")}
                onCopied={() => reportUsage("share")}
              />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The saved dynamic code's own image: what prints is the short link, not the destination. */
function SavedFigure({ saved }: { saved: JustSavedCode }) {
  return (
    <figure className="preview-saved">
      {saved.image.src ? (
        <img className="preview-image" src={saved.image.src} alt={saved.image.alt} />
      ) : (
        <p className="preview-reason">{saved.image.problem}</p>
      )}
      <figcaption>
        <Trans
          id="generator.preview.savedDynamic"
          values={{ shortLink: saved.shortLink, title: saved.title }}
          components={{ 0: <strong />, 1: <code />, 2: <Link to={saved.page} /> }}
        />
      </figcaption>
    </figure>
  );
}

/** Downloads of the saved code itself (its own download addresses), the plan's locks shown. */
function SavedDownloads({ saved }: { saved: JustSavedCode }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="preview-actions" data-tour="download">
      {saved.downloads.map((choice) =>
        choice.href ? (
          <a
            key={choice.format}
            className={choice.format === "png" ? "btn btn-primary" : "btn btn-ghost"}
            href={choice.href}
            download
          >
            {t("generator.preview.download", { format: choice.label })}
          </a>
        ) : (
          <LockedDownload
            key={choice.format}
            id={`saved-${choice.format}-locked`}
            label={choice.label}
            message={choice.locked ?? ""}
            upgradeHref={localePath("/pricing")}
          />
        ),
      )}
    </div>
  );
}
