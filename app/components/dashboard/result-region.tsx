import type { ReactNode } from "react";
import { Result, RESULT_ID } from "../result";

export { RESULT_ID };

/**
 * Where a form's answer on a code's page (an error or a confirmation step) appears: the app's one
 * `Result` (ARCHITECTURE.md decision 21), shown only when there is an answer, as an alert.
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
  if (answer === null || answer === undefined) return null;
  return (
    <Result answer={answer} className={className} role="alert">
      {children}
    </Result>
  );
}
