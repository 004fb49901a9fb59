import { useEffect, useState } from "react";

export type SessionBannerKind = "expired" | "recovering" | "failed" | "success";

// Spec section 2, "Session banner".
const BANNERS: Record<SessionBannerKind, { title: string; message: string }> = {
  expired: {
    title: "Session Expired",
    message: "Your session has expired. Please sign in again to continue.",
  },
  recovering: {
    title: "Refreshing Session",
    message: "We're refreshing your session. Please wait...",
  },
  failed: {
    title: "Recovery Failed",
    message: "Unable to refresh your session. Please sign in again.",
  },
  success: {
    title: "Session Restored",
    message: "Your session has been successfully refreshed.",
  },
};

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

  const { title, message } = BANNERS[kind];
  const urgent = kind === "expired" || kind === "failed";
  return (
    <div
      className={`session-banner session-banner-${kind}${leaving ? " leaving" : ""}`}
      role={urgent ? "alert" : "status"}
    >
      <div className="container session-banner-inner">
        <div>
          <p className="session-banner-title">{title}</p>
          <p className="session-banner-message">{message}</p>
        </div>
        <div className="session-banner-actions">
          {urgent ? (
            <button type="button" className="btn btn-primary" onClick={onSignIn}>
              Sign In
            </button>
          ) : null}
          {kind === "failed" ? (
            <button type="button" className="btn btn-ghost" onClick={onRetry}>
              Retry
            </button>
          ) : null}
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss session notice"
            onClick={() => setLeaving(true)}
          >
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
