import { Link } from "react-router";
import { PLANS } from "../../plans/catalogue";
import { SVG_PLAN_MESSAGE } from "../../plans/rules";
import type { Preview } from "../../qr/preview";
import { useReportUsage } from "../achievements/use-report-usage";
import { useAuth } from "../auth/auth-state";
import { CopyButton } from "../copy-button";
import { useToast } from "../toast";
import { downloadHref } from "./download-link";
import { LogoForm } from "./logo-form";
import { SaveForm } from "./save-form";
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
}: {
  preview: Preview;
  logoKey: string | null;
  /** PNG downloads left today for a visitor; null when the limit does not apply. */
  downloadsLeft: number | null;
  origin: string;
  linkDomains: { id: string; hostname: string }[];
}) {
  const toast = useToast();
  const { user } = useAuth();
  const reportUsage = useReportUsage();
  const svgAllowed = user !== null && PLANS[user.plan].capabilities.svg;
  const query = preview.ok ? preview.query : null;
  const shareUrl = preview.ok ? `${origin}/?${preview.query}` : "";
  const started = useDownloadStarted();

  return (
    <div className="card preview-card">
      <div className="preview-figure" aria-live="polite">
        {preview.ok ? (
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
        <div className="preview-actions" data-tour="download">
          <a
            className="btn btn-primary"
            href={preview.ok ? downloadHref("/download.png", preview.query, logoKey) : undefined}
            aria-disabled={preview.ok ? undefined : true}
            onClick={(event) => {
              if (!preview.ok) return event.preventDefault();
              started(preview.query);
            }}
          >
            Download PNG
          </a>
          <a
            className="btn btn-ghost"
            href={preview.ok ? downloadHref("/download.svg", preview.query, logoKey) : undefined}
            aria-disabled={preview.ok ? undefined : true}
            onClick={(event) => {
              if (!preview.ok) return event.preventDefault();
              // A plan without SVG hears why instead of being sent to the refusal.
              if (svgAllowed) {
                started(preview.query);
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
        <LogoForm query={query} logoKey={logoKey} />
        <SaveForm query={query} logoKey={logoKey} linkDomains={linkDomains} origin={origin} />
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
