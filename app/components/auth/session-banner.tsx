import { useEffect, useState } from "react";
import { useT } from "../../i18n/i18n";

export type SessionBannerKind = "expired" | "recovering" | "failed" | "success";

// Spec section 2, "Session banner": each kind's title and message are ids
// "common.sessionBanner.{kind}.title" and ".message".

const SUCCESS_VISIBLE_MS = 3000;
const FADE_MS = 300;

export function SessionBanner({
  kind,
  onDismiss,
  onSignIn,
  onRetry,
}: {
  kind: SessionBannerKind;
  onDismiss: () => void;
  onSignIn: () => void;
  onRetry: () => void;
}) {
  const t = useT();
  const [leaving, setLeaving] = useState(false);
  const [shownKind, setShownKind] = useState(kind);
  if (shownKind !== kind) {
    setShownKind(kind);
    setLeaving(false);
  }

  useEffect(() => {
    if (kind !== "success") return;
    const fade = setTimeout(() => setLeaving(true), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(fade);
  }, [kind]);

  useEffect(() => {
    if (!leaving) return;
    const gone = setTimeout(onDismiss, FADE_MS);
    return () => clearTimeout(gone);
  }, [leaving, onDismiss]);

  const urgent = kind === "expired" || kind === "failed";
  return (
    <div
      className={`session-banner session-banner-${kind}${leaving ? " leaving" : ""}`}
      role={urgent ? "alert" : "status"}
    >
      <div className="container session-banner-inner">
        <div>
          <p className="session-banner-title">{t(`common.sessionBanner.${kind}.title`)}</p>
          <p className="session-banner-message">{t(`common.sessionBanner.${kind}.message`)}</p>
        </div>
        <div className="session-banner-actions">
          {urgent ? (
            <button type="button" className="btn btn-primary" onClick={onSignIn}>
              {t("common.sessionBanner.signIn")}
            </button>
          ) : null}
          {kind === "failed" ? (
            <button type="button" className="btn btn-ghost" onClick={onRetry}>
              {t("common.sessionBanner.retry")}
            </button>
          ) : null}
          <button
            type="button"
            className="toast-close"
            aria-label={t("common.sessionBanner.dismiss")}
            onClick={() => setLeaving(true)}
          >
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
