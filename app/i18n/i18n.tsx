// The page's messages in React (issue #32). The root loader sends the compiled messages of the
// page's namespaces (i18n/namespaces.ts) and its locale; components ask `useT()` for text and
// `useLocale()` for Intl and links. Lingui's core is the one i18n library (3.3 KB gzip in the
// browser, within the home page's 5 KB budget; i18next with react-i18next weighs 19 KB).
import { type Messages, setupI18n } from "@lingui/core";
import { I18nProvider, Trans as LinguiTrans, useLingui } from "@lingui/react";
import { createContext, type ReactNode, use, useMemo } from "react";
import { DEFAULT_LOCALE, type Locale, localizedPath } from "./locales";

export interface PageI18n {
  locale: Locale;
  messages: Messages;
}

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function PageI18nProvider({
  value,
  children,
}: {
  value: PageI18n | undefined;
  children: ReactNode;
}) {
  const locale = value?.locale ?? DEFAULT_LOCALE;
  const messages = value?.messages;
  const i18n = useMemo(
    () => setupI18n({ locale: locale.code, messages: { [locale.code]: messages ?? {} } }),
    [locale.code, messages],
  );
  return (
    <I18nProvider i18n={i18n}>
      <LocaleContext value={locale}>{children}</LocaleContext>
    </I18nProvider>
  );
}

export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** The message function of the page's language: `t("pricing.title")`, `t("codes.count", { count })`. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return useMemo(
    () => (id: string, values?: Record<string, unknown>) => i18n._(id, values),
    [i18n],
  );
}

/** The page's language: `code` for Intl and `lang`, `dir`, and its URL prefix. */
export function useLocale(): Locale {
  return use(LocaleContext);
}

/** Links to public pages in the page's language: `localePath("/pricing")` → "/es/pricing". */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizedPath(locale, path);
}

/**
 * A message with markup: numbered tags in the message become the given elements.
 * `<Trans id="auth.terms" components={{ 0: <Link to="/terms" /> }} />` for
 * "I agree to the <0>terms</0>".
 */
export function Trans({
  id,
  values,
  components,
}: {
  id: string;
  values?: Record<string, unknown>;
  components?: Record<string, React.ReactElement>;
}) {
  return <LinguiTrans id={id} values={values} components={components} />;
}

/** A validation message from a shared zod schema (written in English) in the page's language. */
export function useErrorText(): (message: string) => string {
  const { i18n } = useLingui();
  return (message: string) => {
    const id = `zod.${message}`;
    return id in i18n.messages ? i18n._(id) : message;
  };
}
