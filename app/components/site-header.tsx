import { useEffect, useRef } from "react";
import { SITE_NAME } from "../seo";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useLocalePath, useT } from "../i18n/i18n";
import type { SignedInUser } from "../root";
import { SignOutForm } from "./auth/sign-out-form";
import { LogoMark } from "./logo";
import { requestTour } from "./tour/open-tour";
import { useHydrated } from "./use-hydrated";

function NavLinks({ user }: { user: SignedInUser | null }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <>
      <NavLink to={localePath("/")} end className="nav-link">
        {t("common.nav.generator")}
      </NavLink>
      <NavLink to={localePath("/pricing")} className="nav-link">
        {t("common.nav.pricing")}
      </NavLink>
      {user ? (
        <NavLink to="/dashboard" className="nav-link">
          {t("common.nav.dashboard")}
        </NavLink>
      ) : null}
    </>
  );
}

function AuthButtons() {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <>
      <Link to={localePath("/auth?mode=signin")} className="btn btn-ghost">
        {t("common.auth.signIn")}
      </Link>
      <Link to={localePath("/auth?mode=signup")} className="btn btn-primary">
        {t("common.auth.signUp")}
      </Link>
    </>
  );
}

function initialsIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon avatar-icon">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
    </svg>
  );
}

/**
 * The workspaces a person belongs to, one button each: a plain form post, so switching works
 * without JavaScript, and returns to the page it was made on.
 */
function WorkspaceSwitcher({ user }: { user: SignedInUser }) {
  const location = useLocation();
  const t = useT();
  if (user.workspaces.length < 2) return user.canCreateWorkspace ? <CreateWorkspaceLink /> : null;
  return (
    <form method="post" action="/workspace/switch" className="workspace-switcher">
      <input type="hidden" name="redirect" value={location.pathname + location.search} />
      <p className="muted small" id="workspace-switcher-label">
        {t("common.workspace.label")}
      </p>
      <ul aria-labelledby="workspace-switcher-label">
        {user.workspaces.map((workspace) => {
          const current = workspace.id === user.workspace.id;
          return (
            <li key={workspace.id}>
              <button
                type="submit"
                name="workspace"
                value={workspace.id}
                className="user-menu-item"
                aria-current={current ? "true" : undefined}
                disabled={current}
              >
                {workspace.name}
                <span className="muted small"> · {t(`common.role.${workspace.role}`)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {user.canCreateWorkspace ? <CreateWorkspaceLink /> : null}
    </form>
  );
}

/** Opens the Team tab's "Create a team workspace" form. */
function CreateWorkspaceLink() {
  const t = useT();
  return (
    <Link to="/dashboard?tab=team&create=1#create-workspace" className="user-menu-item">
      {t("common.workspace.create")}
    </Link>
  );
}

/**
 * A native <details> menu closes after a client-side navigation. Not on the first render: a
 * visitor who opened it before the scripts arrived keeps it open.
 */
function useCloseOnNavigation() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (menu.current) menu.current.open = false;
  }, [key]);
  return menu;
}

/** The signed-in user's menu: a native <details>, so it opens without JavaScript too. */
function UserMenu({ user }: { user: SignedInUser }) {
  const menu = useCloseOnNavigation();
  const t = useT();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <details className="user-menu" ref={menu}>
      <summary className="btn btn-ghost user-menu-button">
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="avatar" width={28} height={28} />
        ) : (
          initialsIcon()
        )}
        <span className="user-menu-first-name">
          {user.firstName || t("common.user.fallbackName")}
        </span>
        <span className="sr-only">{t("common.user.menu")}</span>
      </summary>
      <div className="user-menu-panel">
        <div className="user-menu-identity">
          {fullName ? <p className="user-menu-name">{fullName}</p> : null}
          <p className="muted small">{user.email}</p>
        </div>
        <WorkspaceSwitcher user={user} />
        <Link to="/dashboard" className="user-menu-item">
          {t("common.nav.dashboard")}
        </Link>
        <Link to="/dashboard?tab=plans" className="user-menu-item">
          {t("common.user.plan")}
        </Link>
        <Link to="/account" className="user-menu-item">
          {t("common.user.account")}
        </Link>
        <Link to="/support" className="user-menu-item">
          {t("common.user.support")}
        </Link>
        {/* The header menu falls back to the /api/logout navigation (spec section 7). */}
        <SignOutForm
          label={t("common.auth.signOut")}
          buttonClassName="user-menu-item"
          fallback="/api/logout"
        />
      </div>
    </details>
  );
}

/**
 * "Take a guided tour" (spec: the header's optional help button): a round "?" in the header, a
 * labelled item in the phone menu, where the header has no room. The tour needs JavaScript, so
 * the button appears only once it runs; elsewhere than home it goes home first.
 */
function TourButton({ inMenu = false }: { inMenu?: boolean }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  const localePath = useLocalePath();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={inMenu ? "btn btn-ghost tour-menu-item" : "btn btn-ghost tour-button"}
      title={inMenu ? undefined : t("common.tour")}
      onClick={(event) => {
        event.currentTarget.closest("details")?.removeAttribute("open");
        requestTour();
        const home = localePath("/");
        if (location.pathname !== home) void navigate(home);
      }}
    >
      {inMenu ? (
        t("common.tour")
      ) : (
        <>
          <span aria-hidden="true">?</span>
          <span className="sr-only">{t("common.tour")}</span>
        </>
      )}
    </button>
  );
}

export function SiteHeader({ user }: { user: SignedInUser | null }) {
  const menu = useCloseOnNavigation();
  const t = useT();
  const localePath = useLocalePath();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to={localePath("/")} className="brand">
          <LogoMark />
          {/* A name: never translated (app/i18n/GLOSSARY.md). */}
          <span>{SITE_NAME}</span>
        </Link>
        <nav aria-label={t("common.nav.main")} className="nav-desktop">
          <NavLinks user={user} />
        </nav>
        <TourButton />
        <div className={user ? "header-actions has-user" : "header-actions"}>
          {user?.upgradeTo ? (
            <Link to={`/checkout?plan=${user.upgradeTo}`} className="btn btn-primary upgrade-now">
              {t("common.upgradeNow")}
            </Link>
          ) : null}
          {user ? <UserMenu user={user} /> : <AuthButtons />}
        </div>
        <details className="mobile-menu" ref={menu}>
          <summary className="btn btn-ghost menu-button">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{t("common.nav.menu")}</span>
          </summary>
          <div className="mobile-menu-panel">
            <nav aria-label={t("common.nav.mobile")} className="nav-mobile">
              <NavLinks user={user} />
            </nav>
            {user?.upgradeTo ? (
              <Link to={`/checkout?plan=${user.upgradeTo}`} className="btn btn-primary">
                {t("common.upgradeNow")}
              </Link>
            ) : null}
            {user ? null : (
              <div className="mobile-auth">
                <AuthButtons />
              </div>
            )}
            <TourButton inMenu />
          </div>
        </details>
      </div>
    </header>
  );
}
