import { useT } from "../../i18n/i18n";
import { useEffect, useId, useRef, useState } from "react";
import { TOUR_STEPS } from "./tour-steps";

/** Scrolls to `step`'s part of the page and marks it while the step is shown. */
function useHighlight(selector: string) {
  useEffect(() => {
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) return;
    target.classList.add("tour-target");
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
    return () => target.classList.remove("tour-target");
  }, [selector]);
}

/**
 * The first-visit tour (spec section 2) as a native modal dialog: the page behind is inert,
 * Tab stays inside, Escape closes it, and focus goes back where it was. `onDone` is called once
 * it closes, however it was closed (finished, skipped or Escape).
 */
export default function OnboardingTour({ onDone }: { onDone: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const bodyId = useId();
  const step = TOUR_STEPS[index]!;
  const last = index === TOUR_STEPS.length - 1;
  useHighlight(step.target);

  useEffect(() => {
    const element = dialog.current!;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    primary.current?.focus();
    return () => {
      element.close();
      returnTo?.focus();
    };
  }, []);

  // Back on the second step removes the focused button; focus then goes to the main action.
  useEffect(() => {
    if (!dialog.current?.contains(document.activeElement)) primary.current?.focus();
  }, [index]);

  const trapTab = (event: React.KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const buttons = [...dialog.current!.querySelectorAll<HTMLElement>("button")];
    const edge = event.shiftKey ? buttons[0] : buttons.at(-1);
    if (document.activeElement !== edge) return;
    event.preventDefault();
    (event.shiftKey ? buttons.at(-1) : buttons[0])?.focus();
  };

  return (
    <dialog
      ref={dialog}
      className="tour"
      aria-labelledby={headingId}
      aria-describedby={bodyId}
      onKeyDown={trapTab}
      // Escape closes a modal dialog natively; a close event from an earlier opening (React's
      // development double effects) finds the dialog open again and is ignored.
      onClose={(event) => {
        if (!event.currentTarget.open) onDone();
      }}
    >
      <p className="tour-count muted small">
        {t("tour.count", { step: index + 1, total: TOUR_STEPS.length })}
      </p>
      <h2 id={headingId}>{t(`tour.${step.id}.title`)}</h2>
      <p id={bodyId}>{t(`tour.${step.id}.body`)}</p>
      <ol className="tour-dots" aria-hidden="true">
        {TOUR_STEPS.map((item, position) => (
          <li key={item.id} className={position === index ? "current" : undefined} />
        ))}
      </ol>
      <div className="tour-actions">
        <button
          type="button"
          className="btn btn-ghost tour-skip"
          onClick={() => dialog.current?.close()}
        >
          {t("tour.skip")}
        </button>
        {index > 0 ? (
          <button type="button" className="btn btn-ghost" onClick={() => setIndex(index - 1)}>
            {t("tour.back")}
          </button>
        ) : null}
        <button
          ref={primary}
          type="button"
          className="btn btn-primary"
          onClick={() => (last ? dialog.current?.close() : setIndex(index + 1))}
        >
          {last ? t("tour.done") : t("tour.next")}
        </button>
      </div>
    </dialog>
  );
}
