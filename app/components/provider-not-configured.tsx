import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { NotConfigured } from "../auth/federated.server";
import { useLocalePath, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";

// "Google" is a name; the generic OpenID Connect provider is described in the page's language.
const providerName = (provider: NotConfigured["provider"], t: (id: string) => string) =>
  provider === "google" ? "Google" : t("auth.provider.oidcName");

function notConfiguredDetails(error: unknown): NotConfigured | null {
  return isRouteErrorResponse(error) && error.status === 503 ? (error.data as NotConfigured) : null;
}

/** The title of the page below, so that the browser tab says the same as the heading. */
export function providerNotConfiguredMeta({
  error,
  matches,
}: {
  error?: unknown;
  matches: Parameters<typeof metaT>[0];
}) {
  const t = metaT(matches);
  const details = notConfiguredDetails(error);
  return details
    ? pageMeta(
        t("auth.provider.title", { provider: providerName(details.provider, t) }),
        t("auth.provider.meta.description"),
      )
    : pageMeta(t("auth.provider.unavailable"), t("auth.provider.unavailable.meta"));
}

/** The page for a sign-in provider the operator has not set up (never a crash). */
export function ProviderNotConfigured() {
  const t = useT();
  const localePath = useLocalePath();
  const details = notConfiguredDetails(useRouteError());
  if (!details) {
    return (
      <section className="container auth-page">
        <div className="card auth-card">
          <h1>{t("auth.provider.unavailable")}</h1>
          <p className="muted">{t("auth.provider.unavailable.text")}</p>
          <Link to={localePath("/auth") + "?mode=signin"} className="btn btn-primary btn-block">
            {t("auth.provider.signInWithEmail")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{t("auth.provider.title", { provider: providerName(details.provider, t) })}</h1>
        <p className="muted">{t("auth.provider.text")}</p>
        <p className="small" dir="ltr" lang="en">
          Operators: set{" "}
          {details.settings.map((name) => (
            <code key={name}>{name} </code>
          ))}{" "}
          (see the README, &ldquo;Configuration&rdquo;).
        </p>
        <Link to={localePath("/auth") + "?mode=signin"} className="btn btn-primary btn-block">
          {t("auth.provider.signInWithEmail")}
        </Link>
      </div>
    </section>
  );
}
