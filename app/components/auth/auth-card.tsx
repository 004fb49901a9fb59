import { Link } from "react-router";
import { Trans, useLocalePath, useT } from "../../i18n/i18n";
import type { Mode } from "./password-form";

/** A federated sign-in the operator has configured (app/auth/providers.server.ts). */
export interface SignInProvider {
  name: "google" | "oidc";
  label: string;
}

const START_PATHS: Record<SignInProvider["name"], string> = {
  google: "/api/auth/google",
  oidc: "/api/login",
};

/**
 * The one look of /auth and /signin: a card with the heading, what the page is for, its own
 * content, and the consent line at the foot.
 */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
}) {
  const localePath = useLocalePath();
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{title}</h1>
        {lead ? <p className="muted">{lead}</p> : null}
        {children}
        <p className="muted small auth-consent">
          <Trans
            id="auth.consent"
            components={{
              0: <Link to={localePath("/terms")} />,
              1: <Link to={localePath("/privacy")} />,
            }}
          />
        </p>
      </div>
    </section>
  );
}

/** One button per configured provider; nothing at all when none is configured. */
export function ProviderButtons({
  providers,
  redirectTo,
}: {
  providers: readonly SignInProvider[];
  redirectTo: string;
}) {
  if (providers.length === 0) return null;
  const query = redirectTo ? `?${new URLSearchParams({ redirect: redirectTo })}` : "";
  return (
    <div className="auth-providers">
      {providers.map((provider) => (
        <a
          key={provider.name}
          className="btn btn-ghost btn-block"
          href={`${START_PATHS[provider.name]}${query}`}
        >
          {provider.label}
        </a>
      ))}
    </div>
  );
}

/** "Don't have an account? Sign up" and back, keeping the rest of the address. */
export function ModeSwitch({ mode, href }: { mode: Mode; href: (next: Mode) => string }) {
  const t = useT();
  return (
    <p className="auth-switch">
      {mode === "signup" ? (
        <Link to={href("signin")}>{t("auth.switch.toSignin")}</Link>
      ) : (
        <Link to={href("signup")}>{t("auth.switch.toSignup")}</Link>
      )}
    </p>
  );
}
