import { accountAction } from "../accounts/actions.server";
import { accountView } from "../accounts/settings.server";
import { readSession } from "../auth/session.server";
import { requireUser } from "../auth/user.server";
import { DataSection } from "../components/account/data-section";
import { DeleteSection } from "../components/account/delete-section";
import { EmailSection } from "../components/account/email-section";
import { LanguageSection } from "../components/account/language-section";
import { PasswordSection } from "../components/account/password-section";
import { ProfileSection } from "../components/account/profile-section";
import { SessionsSection } from "../components/account/sessions-section";
import { SignInsSection } from "../components/account/sign-ins-section";
import { TimeZoneSection } from "../components/account/time-zone-section";
import { TwoFactorSection } from "../components/account/two-factor-section";
import { PasskeysSection } from "../components/passkeys/passkeys-section";
import { createDatabase } from "../db/client.server";
import { viewerTimeZone } from "../dates/viewer-zone.server";
import { useT } from "../i18n/i18n";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import accountCss from "../styles/account.css?url";
import type { Route } from "./+types/account";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: accountCss, precedence: "page" },
];

// A signed-in page: the document is never kept by a cache (app/caching/policy.ts).
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const zone = viewerTimeZone(request, user);
  const [t, locale] = await Promise.all([getT(context), getLocale(context)]);
  return accountView(createDatabase(), user, await readSession(request), zone, t, locale.code);
}

/** Every form of the page posts here with its `intent` (app/accounts/actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return accountAction(request, createDatabase(), user, await getT(context));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("account.title"), t("account.meta.description"));
};

// The sections in page order; each one's link text is account.nav.<id>.
const SECTIONS = [
  "profile",
  "language",
  "time-zone",
  "email",
  "password",
  "sign-ins",
  "sessions",
  "two-factor",
  "passkeys",
  "data",
  "delete",
] as const;

export default function Account({ loaderData: view, actionData }: Route.ComponentProps) {
  const replyFor = (intent: NonNullable<typeof actionData>["intent"]) =>
    actionData?.intent === intent ? actionData.result : undefined;
  const t = useT();
  return (
    <section className="container narrow account">
      <h1>{t("account.title")}</h1>
      <nav className="account-nav" aria-label={t("account.nav.label")}>
        <ul>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`account.nav.${id}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileSection
        firstName={view.firstName}
        lastName={view.lastName}
        lastResult={replyFor("profile")}
      />
      <LanguageSection />
      <TimeZoneSection view={view.timeZone} lastResult={replyFor("time-zone")} />
      <EmailSection view={view} actionData={actionData} />
      <PasswordSection hasPassword={view.hasPassword} lastResult={replyFor("password")} />
      <SignInsSection methods={view.signInMethods} />
      <SessionsSection sessions={view.sessions} />
      <TwoFactorSection
        view={view.twoFactor}
        hasPassword={view.hasPassword}
        answer={actionData?.twoFactor}
      />
      <PasskeysSection passkeys={view.passkeys} hasPassword={view.hasPassword} />
      <DataSection />
      <DeleteSection
        email={view.email}
        hasPassword={view.hasPassword}
        signInAgain={view.signInAgain}
        savedCodes={view.savedCodes}
        subscribedPlan={view.subscribedPlan}
        lastResult={replyFor("delete")}
      />
    </section>
  );
}
