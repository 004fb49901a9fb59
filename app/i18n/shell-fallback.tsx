// The few shell messages an error page shows when the root loader failed (its data carries the
// page's messages, so without it every text would be its id). English, already compiled the way
// the catalogue compiles it; tests/unit/shell-fallback.test.ts keeps it equal to
// messages/en/common.json. They stay off the browser's first load (issue #32's 5 KB budget): the
// server writes them into the error page it renders (FallbackMessages), where the browser reads
// them to hydrate; after a client navigation, the last page's messages (with "common") serve.
import type { Messages } from "@lingui/core";
import { setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE } from "./locales";
import type { PageI18n, Translate } from "./i18n";
import { metaT } from "./meta";

export const SHELL_FALLBACK: Messages = {
  "common.skipToContent": ["Skip to content"],
  "common.nav.main": ["Main"],
  "common.nav.mobile": ["Mobile"],
  "common.nav.generator": ["QR Generator"],
  "common.nav.pricing": ["Pricing"],
  "common.nav.menu": ["Menu"],
  "common.auth.signIn": ["Sign in"],
  "common.auth.signUp": ["Sign up free"],
  "common.tour": ["Take a guided tour"],
  "common.footer.label": ["Footer"],
  "common.footer.help": ["Help Center"],
  "common.footer.faq": ["FAQ"],
  "common.footer.bulk": ["Bulk"],
  "common.footer.api": ["API"],
  "common.footer.privacy": ["Privacy Policy"],
  "common.footer.terms": ["Terms of Service"],
  "common.footer.contact": ["Contact Us"],
  "common.footer.copyright": ["© 2024 QR Code Creator. All rights reserved."],
  "common.language.label": ["Language"],
  "common.meta.errorTitle": ["Something went wrong"],
  "common.meta.errorDescription": ["An unexpected error occurred."],
  "common.notFound.title": ["404 Page Not Found"],
  "common.notFound.text": ["The page you are looking for does not exist or has moved."],
  "common.notFound.home": ["Back to the QR Generator"],
  "common.notFound.help": ["Visit the Help Center"],
  "common.error.outageTitle": ["Temporarily unavailable"],
  "common.error.title": ["Something went wrong"],
  "common.error.outage": [
    "Part of our service is not answering right now. Nothing you sent was half-saved: please try again in a minute.",
  ],
  "common.error.serverText": ["We could not complete your request. Please try again in a moment."],
  "common.error.clientText": ["We could not complete your request."],
  "common.error.status": ["Error ", ["status"]],
  "common.error.reference": ["Reference: <0>", ["id"], "</0>"],
};

const SCRIPT_ID = "shell-messages";

/** The fallback's messages: the server's own; in the browser, those the server wrote in the page. */
function fallbackMessages(): Messages {
  // A constant of each build: the browser's drops SHELL_FALLBACK with this branch.
  if (import.meta.env.SSR) return SHELL_FALLBACK;
  const written = document.getElementById(SCRIPT_ID)?.textContent;
  return written ? (JSON.parse(written) as Messages) : {};
}

// In the browser only (one visitor): the messages of the last page shown.
let shown: PageI18n | undefined;

/** What Layout gives the page: the root loader's messages, or the English fallback without them. */
export function shellI18n(fromLoader: PageI18n | undefined): PageI18n {
  if (import.meta.env.SSR)
    return fromLoader ?? { locale: DEFAULT_LOCALE, messages: fallbackMessages() };
  if (fromLoader) return (shown = fromLoader);
  return shown ?? { locale: DEFAULT_LOCALE, messages: fallbackMessages() };
}

/** The fallback's messages, written into a page rendered without the root loader's data. */
export function FallbackMessages() {
  const json = JSON.stringify(fallbackMessages()).replace(/</g, "\\u003c");
  return (
    <script id={SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />
  );
}

/** `metaT`, or the English fallback when the root loader failed. */
export function shellMetaT(matches: Parameters<typeof metaT>[0]): Translate {
  const root = matches.find((match) => match?.id === "root");
  if (root?.loaderData ?? root?.data) return metaT(matches);
  const i18n = setupI18n({ locale: "en", messages: { en: shellI18n(undefined).messages } });
  return (id, values) => i18n._(id, values);
}
