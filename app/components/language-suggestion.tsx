// The one line offering the language the browser asks for (issue #32): never a redirect. Written
// in the offered language; both buttons keep a choice (/language), so the line does not return.
import { useLocation } from "react-router";

export interface Suggestion {
  code: string;
  dir: "ltr" | "rtl";
  /** The page's language, which "No thanks" keeps. */
  current: string;
  text: string;
  accept: string;
  dismiss: string;
}

export function LanguageSuggestion({ suggestion }: { suggestion: Suggestion }) {
  const location = useLocation();
  const next = location.pathname + location.search;
  return (
    <form
      method="post"
      action="/language"
      className="language-suggestion"
      lang={suggestion.code}
      dir={suggestion.dir}
      aria-label={suggestion.text}
    >
      <input type="hidden" name="next" value={next} />
      <p>{suggestion.text}</p>
      <button
        type="submit"
        name="lang"
        value={suggestion.code}
        className="btn btn-primary btn-small"
      >
        {suggestion.accept}
      </button>
      <button
        type="submit"
        name="lang"
        value={suggestion.current}
        className="btn btn-ghost btn-small"
      >
        {suggestion.dismiss}
      </button>
    </form>
  );
}
