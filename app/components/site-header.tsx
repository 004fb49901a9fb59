import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import type { SignedInUser } from "../root";
import { SignOutForm } from "./auth/sign-out-form";
import { LogoMark } from "./logo";
import { requestTour } from "./tour/open-tour";
import { useHydrated } from "./use-hydrated";

function NavLinks({ user }: { user: SignedInUser | null }) {
  return (
    <>
      <NavLink to="/" end className="nav-link">
        QR Generator
      </NavLink>
      <NavLink to="/pricing" className="nav-link">
        Pricing
      </NavLink>
      {user ? (
        <NavLink to="/dashboard" className="nav-link">
          Dashboard
        </NavLink>
      ) : null}
    </>
  );
}

function AuthButtons() {
  return (
    <>
      <Link to="/auth?mode=signin" className="btn btn-ghost">
        Sign in
      </Link>
      <Link to="/auth?mode=signup" className="btn btn-primary">
        Sign up free
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
  if (user.workspaces.length < 2) return user.canCreateWorkspace ? <CreateWorkspaceLink /> : null;
  return (
    <form method="post" action="/workspace/switch" className="workspace-switcher">
      <input type="hidden" name="redirect" value={location.pathname + location.search} />
      <p className="muted small" id="workspace-switcher-label">
        Workspace
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
                <span className="muted small"> · {workspace.role}</span>
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
  return (
    <Link to="/dashboard?tab=team&create=1#create-workspace" className="user-menu-item">
      Create a team workspace
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
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <details className="user-menu" ref={menu}>
      <summary className="btn btn-ghost user-menu-button">
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="avatar" width={28} height={28} />
        ) : (
          initialsIcon()
        )}
        <span className="user-menu-first-name">{user.firstName || "User"}</span>
        <span className="sr-only"> account menu</span>
      </summary>
      <div className="user-menu-panel">
        <div className="user-menu-identity">
          {fullName ? <p className="user-menu-name">{fullName}</p> : null}
          <p className="muted small">{user.email}</p>
        </div>
        <WorkspaceSwitcher user={user} />
        <Link to="/dashboard" className="user-menu-item">
          Dashboard
        </Link>
        <Link to="/dashboard?tab=plans" className="user-menu-item">
          Manage Plan
        </Link>
        <Link to="/account" className="user-menu-item">
          Account settings
        </Link>
        <Link to="/support" className="user-menu-item">
          Support
        </Link>
        {/* The header menu falls back to the /api/logout navigation (spec section 7). */}
        <SignOutForm label="Sign out" buttonClassName="user-menu-item" fallback="/api/logout" />
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
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={inMenu ? "btn btn-ghost tour-menu-item" : "btn btn-ghost tour-button"}
      title={inMenu ? undefined : "Take a guided tour"}
      onClick={(event) => {
        event.currentTarget.closest("details")?.removeAttribute("open");
        requestTour();
        if (location.pathname !== "/") void navigate("/");
      }}
    >
      {inMenu ? (
        "Take a guided tour"
      ) : (
        <>
          <span aria-hidden="true">?</span>
          <span className="sr-only">Take a guided tour</span>
        </>
      )}
    </button>
  );
}

export function SiteHeader({ user }: { user: SignedInUser | null }) {
  const menu = useCloseOnNavigation();

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand">
          <LogoMark />
          <span>QR Code Creator</span>
        </Link>
        <nav aria-label="Main" className="nav-desktop">
          <NavLinks user={user} />
        </nav>
        <TourButton />
        <div className={user ? "header-actions has-user" : "header-actions"}>
          {user?.upgradeTo ? (
            <Link to={`/checkout?plan=${user.upgradeTo}`} className="btn btn-primary upgrade-now">
              Upgrade Now
            </Link>
          ) : null}
          {user ? <UserMenu user={user} /> : <AuthButtons />}
        </div>
        <details className="mobile-menu" ref={menu}>
          <summary className="btn btn-ghost menu-button">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>Menu</span>
          </summary>
          <div className="mobile-menu-panel">
            <nav aria-label="Mobile" className="nav-mobile">
              <NavLinks user={user} />
            </nav>
            {user?.upgradeTo ? (
              <Link to={`/checkout?plan=${user.upgradeTo}`} className="btn btn-primary">
                Upgrade Now
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
