import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "success" | "error";
  /** Milliseconds on screen; product toasts use 2-5 s. */
  duration?: number;
}

interface ToastState extends Toast {
  id: number;
}

const ToastContext = createContext<(toast: Toast) => void>(() => {});

/** Shows one toast at a time in a live region, so screen readers announce it too. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((next: Toast) => setToast({ ...next, id: Date.now() }), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.duration ?? 5000);
    return () => clearTimeout(timer);
  }, [toast]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className="toast-region" aria-label="Notifications" aria-live="polite">
        {toast ? (
          <div key={toast.id} className={`toast toast-${toast.variant ?? "default"}`} role="status">
            <div>
              <p className="toast-title">{toast.title}</p>
              {toast.description ? <p className="toast-description">{toast.description}</p> : null}
            </div>
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss notification"
              onClick={() => setToast(null)}
            >
              ×
            </button>
          </div>
        ) : null}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: Toast) => void {
  return useContext(ToastContext);
}
