import { type ReactNode, useEffect, useRef } from "react";

/** The fragment a form posts to, so that without JavaScript the answer opens at its result. */
export const RESULT_ID = "result";

/**
 * Where a form's answer (an error or a confirmation step) appears (ARCHITECTURE.md decision 21).
 * Without JavaScript the form posts to `…#result` and the browser scrolls here; with JavaScript
 * each new answer (`answer` changes) is scrolled into view and focused, so it is read out too.
 */
export function ResultRegion({
  answer,
  className,
  children,
}: {
  /** Anything that differs between two answers; null when there is none to show. */
  answer: unknown;
  className?: string;
  children: ReactNode;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer === null || answer === undefined) return;
    element.current?.scrollIntoView({ block: "center" });
    element.current?.focus({ preventScroll: true });
  }, [answer]);
  if (answer === null || answer === undefined) return null;
  return (
    <div id={RESULT_ID} ref={element} tabIndex={-1} className={className} role="alert">
      {children}
    </div>
  );
}
