import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useAuth } from "../auth/auth-state";
import { OPEN_TOUR_EVENT, takeTourRequest } from "./open-tour";

/** Spec section 9: the tour opens 1.5 s after the first visit. */
export const TOUR_DELAY_MS = 1500;
export const TOUR_DONE_KEY = "onboarding-tour-completed";

const loadTour = () => import("./onboarding-tour");
const OnboardingTour = lazy(loadTour);

function tourDone(): boolean {
  try {
    return localStorage.getItem(TOUR_DONE_KEY) !== null;
  } catch {
    return true;
  }
}

/** True when this document was loaded at the home page itself, with no query. */
function landedOnPlainHome(): boolean {
  const entry = performance.getEntriesByType("navigation")[0];
  if (!entry) return false;
  const url = new URL(entry.name);
  return url.pathname === "/" && url.search === "";
}

/**
 * Signs the visitor acted before the listeners existed (a slow network or a busy device can
 * hydrate after the first click): something focused, a menu or disclosure opened, or the page
 * scrolled.
 */
function actedBeforeHydration(): boolean {
  const focused = document.activeElement !== null && document.activeElement !== document.body;
  return focused || document.querySelector("details[open]") !== null || window.scrollY > 0;
}

/**
 * Opens the onboarding tour on a first visit, and whenever the header's help button asks.
 *
 * A modal must not land on someone who is already busy, so the first-visit tour opens only when
 * the visitor arrived at the plain home page (not a prefilled link, a redirect after a form, or
 * a page they navigated from), there is no message (`quiet`) or session banner on screen, and
 * they have not clicked, typed or focused anything in the first 1.5 s. If it does not open, the
 * next visit offers it again; finishing or skipping it is remembered in local storage.
 */
export function TourLauncher({ quiet }: { quiet: boolean }) {
  const [open, setOpen] = useState(false);
  const { banner } = useAuth();
  const bannerShown = useRef(false);
  useEffect(() => {
    bannerShown.current = banner !== null;
  }, [banner]);

  useEffect(() => {
    const onRequest = () => {
      if (takeTourRequest()) setOpen(true);
    };
    window.addEventListener(OPEN_TOUR_EVENT, onRequest);
    // A request made on another page, before this one mounted.
    queueMicrotask(onRequest);
    return () => window.removeEventListener(OPEN_TOUR_EVENT, onRequest);
  }, []);

  useEffect(() => {
    if (!quiet || tourDone() || !landedOnPlainHome()) return;
    void loadTour().catch(() => undefined);
    let busy = false;
    const markBusy = () => {
      busy = true;
    };
    const signs = ["pointerdown", "keydown", "input", "focusin"] as const;
    for (const sign of signs) window.addEventListener(sign, markBusy, true);
    const timer = setTimeout(() => {
      if (!busy && !actedBeforeHydration() && !bannerShown.current) setOpen(true);
    }, TOUR_DELAY_MS);
    return () => {
      clearTimeout(timer);
      for (const sign of signs) window.removeEventListener(sign, markBusy, true);
    };
  }, [quiet]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingTour
        onDone={() => {
          setOpen(false);
          try {
            localStorage.setItem(TOUR_DONE_KEY, new Date().toISOString());
          } catch {
            // Without storage the tour may be offered again next time; that is all.
          }
        }}
      />
    </Suspense>
  );
}
