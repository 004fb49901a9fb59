import { useEffect } from "react";
import type { Toast } from "./toast";
import { useToast } from "./toast";
import { useHydrated } from "./use-hydrated";

/**
 * A message the server set before a redirect ("Welcome back!", "QR code saved"): inline in the
 * HTML for pages without JavaScript, a toast once JavaScript runs.
 */
export function FlashMessage({ toast }: { toast: Toast | null }) {
  const showToast = useToast();
  const hydrated = useHydrated();
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast, showToast]);
  if (!toast || hydrated) return null;
  return (
    <div className="container">
      <p
        className={`notice ${toast.variant === "error" ? "notice-warning" : "notice-success"}`}
        role={toast.variant === "error" ? "alert" : "status"}
      >
        <strong>{toast.title}</strong>
        {toast.description ? ` ${toast.description}` : null}
      </p>
    </div>
  );
}
