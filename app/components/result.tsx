import { useEffect, useRef } from "react";

// ARCHITECTURE.md decision 21: after a post, its result is in view. The forms that answer with a
// result post to an action ending in #result, so a browser without JavaScript opens the answer
// scrolled to it; with JavaScript the result scrolls into view and takes the focus, so that a
// screen reader reads it too. One result per page: the answer to the post that was just made.

export const RESULT_ID = "result";

/** A form's action that lands on its result: "/bulk?intent=check" → "/bulk?intent=check#result". */
export function toResult(action: string): string {
  return `${action.split("#")[0]}#${RESULT_ID}`;
}

type Tag = "section" | "div" | "p";

/**
 * The answer to the post just made. `answer` is that post's action data: a new post with a new
 * answer brings the result into view again, even when the element stays on screen. Without an
 * answer the element is a plain one (a form that has not been posted yet).
 */
export function Result({
  as: Element = "div",
  answer,
  className,
  children,
  ...rest
}: {
  as?: Tag;
  answer: unknown;
  className?: string;
  children: React.ReactNode;
} & Pick<React.HTMLAttributes<HTMLElement>, "role" | "aria-labelledby" | "aria-label">) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !answer) return;
    element.scrollIntoView({ block: "start" });
    element.focus({ preventScroll: true });
  }, [answer]);
  return (
    <Element
      // A ref typed for the three tags at once: each is an HTMLElement.
      ref={ref as React.Ref<never>}
      id={answer ? RESULT_ID : undefined}
      tabIndex={answer ? -1 : undefined}
      className={className}
      {...rest}
    >
      {children}
    </Element>
  );
}
