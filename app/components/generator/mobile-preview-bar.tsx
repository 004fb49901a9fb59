import type { JustSavedCode } from "../../dashboard/code-overview.server";
import { useT } from "../../i18n/i18n";
import type { Preview } from "../../qr/preview";
import { downloadHref } from "./download-link";
import { useDownloadStarted } from "./use-download-started";

/**
 * On a phone, the code and its PNG download stay in reach while the fields are filled in: a
 * compact bar at the bottom of the screen (CSS only, so it works without JavaScript too). It sticks
 * while the form is on screen and shows once the full preview above the form has scrolled away;
 * the thumbnail leads back to it. Desktops, where the preview stays beside the fields, never see it.
 */
export function MobilePreviewBar({
  preview,
  logoKey,
  saved = null,
}: {
  preview: Preview;
  logoKey: string | null;
  /** A dynamic code just saved: the bar offers its own image, never the untracked one. */
  saved?: JustSavedCode | null;
}) {
  const started = useDownloadStarted();
  const t = useT();
  const png = saved?.dynamic ? saved.downloads.find((choice) => choice.format === "png") : null;
  if (saved?.dynamic && saved.image.src && png?.href) {
    return (
      <div className="mobile-preview-bar" role="group" aria-label={t("generator.mobile.label")}>
        <a
          className="mobile-preview-thumb"
          href="#generator"
          aria-label={t("generator.mobile.show")}
        >
          <img src={saved.image.src} alt="" />
        </a>
        <p className="mobile-preview-status" aria-hidden="true">
          {t("generator.mobile.dynamicPng")}
        </p>
        <a className="btn btn-primary" href={png.href} download>
          {t("generator.mobile.download")}
        </a>
      </div>
    );
  }
  const shown = preview.ok ? preview : preview.last;
  return (
    <div className="mobile-preview-bar" role="group" aria-label={t("generator.mobile.label")}>
      <a className="mobile-preview-thumb" href="#generator" aria-label={t("generator.mobile.show")}>
        {shown ? (
          <img src={shown.src} alt="" className={preview.ok ? undefined : "preview-dimmed"} />
        ) : (
          <span className="mobile-preview-empty" aria-hidden="true" />
        )}
      </a>
      <p className="mobile-preview-status" aria-hidden="true">
        {preview.ok ? t("generator.mobile.png") : t("generator.mobile.empty")}
      </p>
      {/* "Download", not "Download PNG": the preview's own link keeps that name to itself. */}
      <a
        className="btn btn-primary"
        href={preview.ok ? downloadHref("/download.png", preview.query, logoKey) : undefined}
        aria-disabled={preview.ok ? undefined : true}
        onClick={(event) => {
          if (!preview.ok) return event.preventDefault();
          started(preview.query);
        }}
      >
        {t("generator.mobile.download")}
      </a>
    </div>
  );
}
