import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import type { SignedInUser } from "../../root";
import { useLocalePath, useT } from "../../i18n/i18n";
import { useToast } from "../toast";
import { type SessionBannerKind, SessionBanner } from "./session-banner";

// The browser's side of the sign-in state (spec section 4). The server decides who is signed in
// on every request; this keeps the spec's local copy ('user' in local storage) in step with it,
// recovers from a 401 on a script's request, and signs out without waiting for the server.

const RETRIES = 2;
const RETRY_DELAY_MS = 1000;
const REDIRECT_DELAY_MS = 1500;

interface AuthContextValue {
  user: SignedInUser | null;
  /** fetch with credentials; on a 401 it tries to recover the session before giving up. */
  apiFetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** Clears local state at once, then signs out on the server and goes home. */
  signOut: (fallback?: string) => Promise<void>;
  banner: React.ReactNode;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function clearLocalAuthState() {
  localStorage.removeItem("user");
  localStorage.removeItem("authToken");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sessionIsAlive(): Promise<boolean> {
  try {
    const response = await fetch("/api/auth/user", {
      credentials: "include",
      cache: "no-store",
      headers: { Accept: "application/json" },
    });
    return response.ok;
  } catch {
    return false;
  }
}

export function AuthProvider({
  user,
  children,
}: {
  user: SignedInUser | null;
  children: React.ReactNode;
}) {
  const [banner, setBanner] = useState<SessionBannerKind | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const toast = useToast();
  const t = useT();
  const localePath = useLocalePath();
  const started = useRef(false);

  // On start, forget what an earlier page left behind; then mirror the server's answer. A user
  // this browser remembered whom the server no longer knows (and who did not sign out) has had
  // their session expire.
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      sessionStorage.clear();
      localStorage.removeItem("sessionRecovery");
    }
    const expired =
      !user &&
      localStorage.getItem("user") !== null &&
      !location.search.includes("logged_out=true");
    if (user) localStorage.setItem("user", JSON.stringify(user));
    else clearLocalAuthState();
    // Reported from a task, not during this commit, so the page settles first.
    if (expired) queueMicrotask(() => setBanner("expired"));
  }, [user, location.search]);

  // ?logged_out=true (a sign-out the server did not confirm): clear, then tidy the address.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get("logged_out") !== "true") return;
    clearLocalAuthState();
    params.delete("logged_out");
    const search = params.toString();
    void navigate(`${location.pathname}${search ? `?${search}` : ""}${location.hash}`, {
      replace: true,
    });
  }, [location, navigate]);

  const goToSignIn = useCallback(() => {
    const path = location.pathname + location.search;
    if (location.pathname !== "/" && location.pathname !== "/login") {
      localStorage.setItem("redirectAfterLogin", path);
    }
    toast({ title: t("common.session.redirecting"), duration: 2000 });
    setTimeout(() => void navigate(localePath("/auth?mode=signin")), REDIRECT_DELAY_MS);
  }, [location, navigate, toast, t, localePath]);

  const apiFetch = useCallback(
    async (input: string, init?: RequestInit) => {
      const send = () => fetch(input, { credentials: "include", ...init });
      const first = await send();
      if (first.status !== 401) return first;
      localStorage.setItem("sessionRecovery", "true");
      setBanner("recovering");
      toast({ title: t("common.session.refreshing"), duration: 2000 });
      for (let attempt = 0; attempt <= RETRIES; attempt++) {
        if (attempt > 0) await sleep(RETRY_DELAY_MS);
        if (!(await sessionIsAlive())) continue;
        const retried = await send();
        if (retried.status !== 401) {
          localStorage.removeItem("sessionRecovery");
          setBanner("success");
          toast({ title: t("common.session.restored"), variant: "success", duration: 3000 });
          return retried;
        }
      }
      localStorage.removeItem("sessionRecovery");
      clearLocalAuthState();
      setBanner("failed");
      toast({ title: t("common.session.expired"), variant: "error", duration: 3000 });
      setTimeout(goToSignIn, REDIRECT_DELAY_MS);
      return first;
    },
    [goToSignIn, toast, t],
  );

  const signOut = useCallback(
    async (fallback = "/?logged_out=true") => {
      clearLocalAuthState();
      try {
        const response = await fetch("/api/auth/logout", {
          method: "POST",
          credentials: "include",
          headers: { Accept: "application/json" },
        });
        if (!response.ok) throw new Error(`Sign-out answered ${response.status}`);
        await navigate("/");
        await revalidator.revalidate();
      } catch (error) {
        console.error(error);
        window.location.assign(fallback);
      }
    },
    [navigate, revalidator],
  );

  const dismiss = useCallback(() => setBanner(null), []);
  const signInAgain = useCallback(() => {
    setBanner(null);
    goToSignIn();
  }, [goToSignIn]);
  const retry = useCallback(() => {
    setBanner("recovering");
    void sessionIsAlive().then((alive) => {
      setBanner(alive ? "success" : "failed");
      if (alive) void revalidator.revalidate();
    });
  }, [revalidator]);

  const bannerElement = useMemo(
    () =>
      banner ? (
        <SessionBanner kind={banner} onDismiss={dismiss} onSignIn={signInAgain} onRetry={retry} />
      ) : null,
    [banner, dismiss, signInAgain, retry],
  );
  const value = useMemo(
    () => ({ user, apiFetch, signOut, banner: bannerElement }),
    [user, apiFetch, signOut, bannerElement],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Where the session banner appears: under the header, above the page. */
export function SessionBannerOutlet() {
  return useContext(AuthContext)?.banner ?? null;
}

/** The sign-in state; outside the provider (error pages) a signed-out stand-in. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value) return value;
  return {
    user: null,
    apiFetch: (input, init) => fetch(input, { credentials: "include", ...init }),
    signOut: async () => {
      window.location.assign("/api/logout");
    },
    banner: null,
  };
}
