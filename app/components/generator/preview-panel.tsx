import { useState } from "react";
import { Link } from "react-router";
import type { JustSavedCode } from "../../dashboard/code-overview.server";
import { PLANS } from "../../plans/catalogue";
import { SVG_PLAN_MESSAGE } from "../../plans/rules";
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
  const shareUrl = preview.ok ? `${origin}/?${preview.query}` : "";
  const started = useDownloadStarted();

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
              alt={`${preview.last.alt} (the last design that scans)`}
            />
            <p className="preview-reason">
              <strong>Not updated:</strong> {preview.reason}
            </p>
          </div>
        ) : (
          <div className="preview-empty">
            <p className={preview.reason ? "preview-reason" : undefined}>
              {preview.reason ?? preview.errors.form ?? "Fill in the details to see your QR code."}
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
              Download PNG
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
                Download SVG
              </a>
            ) : (
              // A plan without SVG sees the lock and why, rather than a link to a refusal.
              <LockedDownload
                id="generator-svg-locked"
                label="SVG"
                message={SVG_PLAN_MESSAGE}
                upgradeHref="/pricing"
              />
            )}
          </div>
        )}
        {saved && !saved.dynamic ? (
          <p className="small">
            Saved. <Link to={saved.page}>Open “{saved.title}”</Link>
          </p>
        ) : null}
        {left !== null ? (
          <p className="muted small" aria-live="polite">
            {left} of {VISITOR_DOWNLOADS_PER_DAY} free PNG downloads left today.{" "}
            <Link to="/auth?mode=signup">Sign up free</Link> for more.
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
        <strong>Dynamic: you can change where it leads.</strong> It encodes{" "}
        <code>{saved.shortLink}</code>. <Link to={saved.page}>Open “{saved.title}”</Link>
      </figcaption>
    </figure>
  );
}

/** Downloads of the saved code itself (its own download addresses), the plan's locks shown. */
function SavedDownloads({ saved }: { saved: JustSavedCode }) {
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
            Download {choice.label}
          </a>
        ) : (
          <LockedDownload
            key={choice.format}
            id={`saved-${choice.format}-locked`}
            label={choice.label}
            message={choice.locked ?? ""}
            upgradeHref="/pricing"
          />
        ),
      )}
    </div>
  );
}
