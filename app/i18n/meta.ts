// Page titles and descriptions in the page's language: a route's `meta` gets no React context,
// but its `matches` carry the root loader's messages (root.tsx).
import { setupI18n } from "@lingui/core";
import type { PageI18n, Translate } from "./i18n";

interface MatchWithData {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

export function metaT(matches: readonly (MatchWithData | undefined)[]): Translate {
  const root = matches.find((match) => match?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { i18n?: PageI18n } | undefined;
  const i18n = setupI18n({
    locale: data?.i18n?.locale.code ?? "en",
    messages: { [data?.i18n?.locale.code ?? "en"]: data?.i18n?.messages ?? {} },
  });
  return (id, values) => i18n._(id, values);
}
