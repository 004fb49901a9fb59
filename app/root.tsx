import {
  data,
  isRouteErrorResponse,
  redirect,
  type ShouldRevalidateFunctionArgs,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { readFlash } from "./auth/flash.server";
import { getUser } from "./auth/user.server";
import { AuthProvider, SessionBannerOutlet } from "./components/auth/auth-state";
import { VerifyEmailBanner } from "./components/auth/verify-email-banner";
import { ErrorCard } from "./components/error-card";
import { FlashMessage } from "./components/flash-message";
import { NotFoundCard } from "./components/not-found-card";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { useSalesEmail } from "./components/use-sales-email";
import { ToastProvider } from "./components/toast";
import type { UserRecord, WorkspaceRole } from "./db/schema";
import type { Locale } from "./i18n/locales";
import { getWorkspaceAccess, type WorkspaceAccess } from "./workspaces/current.server";
import type { PlanId } from "./plans/catalogue";
import { effectivePlan } from "./plans/effective";
import { seatLimit } from "./workspaces/seats";
import { isSuspended } from "./workspaces/suspension";
import { refuseInSuspendedWorkspace, suspensionText } from "./workspaces/suspension.server";
import { SuspendedBanner } from "./components/suspended-banner";
import { trialBanner, type TrialBannerState, upgradeTarget } from "./plans/trial-banner";
import { trialBannerDismissed } from "./billing/trial-banner.server";
import { getSettings } from "./env.server";
import { appOrigin } from "./config/app-url.server";
import { useNonce } from "./security/nonce";
import { viewerTimeZone } from "./dates/viewer-zone.server";
import { useReportTimeZone } from "./components/formatted-date";
import { pageMeta } from "./seo";
import { pageMessages } from "./i18n/catalog.server";
import { PageI18nProvider, useT } from "./i18n/i18n";
import { getLocale, pseudoAllowed, suggestedLocale, translatorFor } from "./i18n/locale.server";
import {
  isPublicPath,
  localizedPath,
  PSEUDO_LOCALE,
  requestedPage,
  splitLocalePath,
} from "./i18n/locales";
import { namespacesFor, SERVER_NAMESPACES } from "./i18n/namespaces";
import { FallbackMessages, shellI18n, shellMetaT } from "./i18n/shell-fallback";
import { LanguageSuggestion, type Suggestion } from "./components/language-suggestion";
import { LocaleLinks } from "./components/locale-links";
import appCss from "./styles/app.css?url";
import delightCss from "./styles/delight.css?url";
import noJsCss from "./styles/no-js.css?url";

export const links: Route.LinksFunction = () => [
  // With a precedence, React puts the stylesheets ahead of the scripts' modulepreloads in
  // <head>, so the first paint does not wait behind JavaScript downloads on a slow connection.
  { rel: "stylesheet", href: appCss, precedence: "app" },
  { rel: "stylesheet", href: delightCss, precedence: "app" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Every post that would change a suspended workspace is refused here, with its reason (issue #31).
export const middleware: Route.MiddlewareFunction[] = [refuseInSuspendedWorkspace];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, workspaces, flash, locale] = await Promise.all([
    getUser(context),
    getWorkspaceAccess(context),
    readFlash(request),
    getLocale(context),
  ]);
  const url = new URL(request.url);
  // A client-side navigation or a revalidation asks for "/pricing.data" ("/es/_.data" for "/es/"):
  // its messages and language are those of the page it names.
  const prefixed = splitLocalePath(requestedPage(url.pathname), true);
  // The pseudo-locale exists for tests and development only.
  if (prefixed.locale === PSEUDO_LOCALE && !pseudoAllowed()) {
    throw data("Page not found", { status: 404 });
  }
  const path = prefixed.path;
  // A public page's English address, asked for by someone who chose another language: its copy.
  if (!prefixed.locale && isPublicPath(path) && locale.prefix) {
    throw redirect(localizedPath(locale, path) + url.search, { headers: { Vary: "Cookie" } });
  }
  const zone = viewerTimeZone(request, user);
  return data(
    {
      i18n: {
        locale,
        messages: pageMessages(
          locale,
          // A client navigation asks for "/dashboard.data" ("/_root.data" for "/"): the
          // messages are those of the page it will show, not of the data address.
          namespacesFor(path).filter((namespace) => !SERVER_NAMESPACES.includes(namespace)),
        ),
      },
      suggestion: suggestion(request, user, locale),
      appUrl: appOrigin(),
      salesEmail: getSettings().SALES_EMAIL,
      user: user && workspaces ? await signedInUser(locale, request, user, workspaces) : null,
      flash: flash.toast,
      // The account's zone, else the one the browser reported (components/formatted-date.tsx).
      timeZone: zone.zone,
      timeZoneSaved: zone.saved,
    },
    flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

/**
 * The one-line offer of the language Accept-Language asks for, written in that language, until
 * the visitor chooses one (the picker, the offer itself, or an account's language).
 */
function suggestion(request: Request, user: UserRecord | null, current: Locale): Suggestion | null {
  const offered = request.method === "GET" ? suggestedLocale(request, user, current) : null;
  if (!offered) return null;
  const t = translatorFor(offered);
  return {
    code: offered.code,
    dir: offered.dir,
    current: current.code,
    text: t("common.suggestion.text", { language: offered.name }),
    accept: t("common.suggestion.accept", { language: offered.name }),
    dismiss: t("common.suggestion.dismiss"),
  };
}

/** What the shell shows of the signed-in user; `plan` is the one in effect now. */
export interface SignedInUser {
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  plan: PlanId;
  /**
   * The plan "Upgrade Now" leads to checkout for; null hides the button. Null too in someone
   * else's workspace: its plan is its owner's, and upgrading one's own would change nothing there.
   */
  upgradeTo: PlanId | null;
  /** The person's plan lets them own a team workspace: the menu offers to create one. */
  canCreateWorkspace: boolean;
  /** The home page's trial banner, unless dismissed. */
  trialBanner: TrialBannerState | null;
  /** The address is not confirmed yet: every page offers to send the link again. */
  emailUnverified: boolean;
  /** Where the person acts now, and the workspaces they can switch to (the user menu). */
  workspace: { id: string; name: string; role: WorkspaceRole };
  workspaces: { id: string; name: string; role: WorkspaceRole }[];
  /** Staff suspended the current workspace: why, as every page of it says (issue #31). */
  suspension: string | null;
}

async function signedInUser(
  locale: Locale,
  request: Request,
  user: UserRecord,
  workspaces: WorkspaceAccess,
): Promise<SignedInUser> {
  const now = new Date();
  const plan = effectivePlan(user, now);
  const banner = trialBanner(user, now);
  const listed = ({ workspace, label, role }: WorkspaceAccess["current"]) => ({
    id: workspace.id,
    name: label,
    role,
  });
  const current = workspaces.current.workspace;
  return {
    suspension: isSuspended(current) ? suspensionText(locale, current.suspendedReason) : null,
    workspace: listed(workspaces.current),
    workspaces: workspaces.all.map(listed),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    plan,
    upgradeTo:
      workspaces.current.workspace.ownerId === user.id ? upgradeTarget(user, plan, now) : null,
    canCreateWorkspace: seatLimit(plan) > 1,
    emailUnverified: !user.emailVerified,
    trialBanner:
      banner && !(await trialBannerDismissed(request, user.trialEndDate)) ? banner : null,
  };
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Another page may need other messages, or another language.
  const current = splitLocalePath(currentUrl.pathname, true);
  const next = splitLocalePath(nextUrl.pathname, true);
  return (
    defaultShouldRevalidate ||
    current.locale !== next.locale ||
    namespacesFor(current.path).join() !== namespacesFor(next.path).join()
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.i18n.locale;
  return (
    <html lang={locale?.code ?? "en"} dir={locale?.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
        {data ? <LocaleLinks origin={data.appUrl} locale={data.i18n.locale} /> : null}
        {/* Without JavaScript, widgets that need it (class "needs-js") are not shown at all. */}
        <noscript>
          <link rel="stylesheet" href={noJsCss} />
        </noscript>
      </head>
      <body>
        <PageI18nProvider value={shellI18n(data?.i18n)}>{children}</PageI18nProvider>
        {data ? null : <FallbackMessages />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  // Missing when the root loader itself failed; the shell still renders with defaults.
  const data = useRouteLoaderData<typeof loader>("root");
  const salesEmail = useSalesEmail();
  const t = useT();
  useReportTimeZone();
  return (
    <ToastProvider>
      <AuthProvider user={data?.user ?? null}>
        <a className="skip-link" href="#main">
          {t("common.skipToContent")}
        </a>
        {data?.suggestion ? <LanguageSuggestion suggestion={data.suggestion} /> : null}
        <SiteHeader user={data?.user ?? null} />
        <SessionBannerOutlet />
        {data?.user?.emailUnverified ? <VerifyEmailBanner /> : null}
        {data?.user?.suspension ? <SuspendedBanner message={data.user.suspension} /> : null}
        <main id="main" tabIndex={-1}>
          <FlashMessage toast={data?.flash ?? null} />
          {children}
        </main>
        <SiteFooter salesEmail={salesEmail} />
      </AuthProvider>
    </ToastProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => {
  const t = shellMetaT(matches);
  return error
    ? pageMeta(t("common.meta.errorTitle"), t("common.meta.errorDescription"))
    : pageMeta(t("common.meta.title"), t("common.meta.description"));
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundCard />
      </Shell>
    );
  }
  const detail =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined;
  return (
    <Shell>
      <ErrorCard
        status={isRouteErrorResponse(error) ? error.status : 500}
        message={
          isRouteErrorResponse(error) && typeof error.data === "string" && error.status < 500
            ? error.data
            : undefined
        }
        detail={detail}
      />
    </Shell>
  );
}
