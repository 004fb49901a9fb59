import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { SignedInUser } from "../root";
import { LogoMark } from "./logo";

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

export function SiteHeader({ user }: { user: SignedInUser | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // The mobile menu is a native <details>; after a client-side navigation it should close.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

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
        <div className="header-actions">{user ? null : <AuthButtons />}</div>
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
            {user ? null : (
              <div className="mobile-auth">
                <AuthButtons />
              </div>
            )}
          </div>
        </details>
      </div>
    </header>
  );
}
