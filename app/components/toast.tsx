import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from "react";
import { useT } from "../i18n/i18n";
import { placeToastRegion } from "./toast-placement";

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "success" | "error";
  /** Milliseconds on screen; product toasts use 2-5 s. */
  duration?: number;
  /**
   * Waits until the toast on screen has gone instead of replacing it: an achievement should not
   * cut short "Download started" or "Logo uploaded".
   */
  queued?: boolean;
}

interface ToastState extends Toast {
  id: number;
}

/** Spec section 9. */
const DEFAULT_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
const HOTKEY = "F8";

interface Toasts {
  current: ToastState | null;
  waiting: ToastState[];
}

type ToastAction = { type: "show"; toast: ToastState } | { type: "dismiss"; id: number };

function reduce(state: Toasts, action: ToastAction): Toasts {
  if (action.type === "show") {
    if (action.toast.queued && state.current) {
      return { ...state, waiting: [...state.waiting, action.toast] };
    }
    return { ...state, current: action.toast };
  }
  if (state.current?.id !== action.id) return state;
  const [next = null, ...waiting] = state.waiting;
  return { current: next, waiting };
}

const ToastContext = createContext<(toast: Toast) => void>(() => {});

/** A toast that a swipe right past 50 px dismisses; a shorter swipe snaps it back. */
function ToastItem({ toast, onDismiss }: { toast: ToastState; onDismiss: () => void }) {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const endSwipe = (x: number | null) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start !== null && x !== null && x - start > SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };
  return (
    <div
      className={`toast toast-${toast.variant ?? "default"}${offset ? " toast-swiping" : ""}`}
      role="status"
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={(event) => {
        if (event.button !== 0 || (event.target as Element).closest("button")) return;
        swipeStart.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (swipeStart.current !== null) {
          setOffset(Math.max(0, event.clientX - swipeStart.current));
        }
      }}
      onPointerUp={(event) => endSwipe(event.clientX)}
      onPointerCancel={() => endSwipe(null)}
    >
      <div>
        <p className="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast-description">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label={t("common.toast.dismiss")}
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}

/**
 * One toast at a time in a live region, so screen readers announce it too, and F8 moves focus
 * there (the spec's toast behaviour, section 9). A dismissed toast is removed at once.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const t = useT();
  const [{ current }, dispatch] = useReducer(reduce, { current: null, waiting: [] });
  const nextId = useRef(0);
  const region = useRef<HTMLElement>(null);
  const show = useCallback((toast: Toast) => {
    nextId.current += 1;
    dispatch({ type: "show", toast: { ...toast, id: nextId.current } });
  }, []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(
      () => dispatch({ type: "dismiss", id: current.id }),
      current.duration ?? DEFAULT_DURATION_MS,
    );
    return () => clearTimeout(timer);
  }, [current]);

  // A toast never covers a form error: placed when it shows, and again as the page scrolls or an
  // error appears under the typing (layout effect: placed before it is painted).
  useLayoutEffect(() => {
    const element = region.current;
    if (!current || !element) return;
    placeToastRegion(element);
    let frame = 0;
    const replace = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => placeToastRegion(element));
    };
    const events = ["scroll", "resize", "input", "focusin"] as const;
    for (const name of events)
      window.addEventListener(name, replace, { passive: true, capture: true });
    return () => {
      cancelAnimationFrame(frame);
      for (const name of events) window.removeEventListener(name, replace, { capture: true });
    };
  }, [current]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== HOTKEY) return;
      event.preventDefault();
      region.current?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section
        ref={region}
        className="toast-region"
        aria-label={t("common.toast.region", { hotkey: HOTKEY })}
        aria-live="polite"
        tabIndex={-1}
      >
        {current ? (
          <ToastItem
            key={current.id}
            toast={current}
            onDismiss={() => dispatch({ type: "dismiss", id: current.id })}
          />
        ) : null}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: Toast) => void {
  return useContext(ToastContext);
}
