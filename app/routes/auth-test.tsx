import { useEffect, useState } from "react";
import { data, useRevalidator } from "react-router";
import { getUser } from "../auth/user.server";
import { useAuth } from "../components/auth/auth-state";
import { useHydrated } from "../components/use-hydrated";
import { isDemoMode } from "../env.server";
import { type ClientUser, toClientUser } from "../models/users.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/auth-test";

// A debug screen for the sign-in state (spec section 2), present only in demo mode.

export async function loader({ context }: Route.LoaderArgs) {
  if (!isDemoMode()) throw data("Not found", { status: 404 });
  const user = await getUser(context);
  return data(
    { user: user ? toClientUser(user) : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta = () =>
  pageMeta("Auth test", "Inspect the sign-in state and try the demo accounts.");

export default function AuthTest({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // With JavaScript the state comes from the API, as the app's own client reads it; `undefined`
  // while that answer is on its way.
  const [checked, setChecked] = useState<{ user: ClientUser | null; for: unknown }>();
  useEffect(() => {
    let current = true;
    fetch("/api/auth/user", { credentials: "include", cache: "no-store" })
      .then(async (response) => (response.ok ? ((await response.json()) as ClientUser) : null))
      .catch(() => null)
      .then((user) => {
        if (current) setChecked({ user, for: loaderData });
      });
    return () => {
      current = false;
    };
  }, [loaderData]);
  const hydrated = useHydrated();
  const loading = hydrated && checked?.for !== loaderData;
  const user = checked?.for === loaderData ? checked.user : loaderData.user;

  const { apiFetch } = useAuth();
  const [sessionCheck, setSessionCheck] = useState<string>();
  const checkSession = async () => {
    const response = await apiFetch("/api/auth/user", { cache: "no-store" });
    setSessionCheck(
      response.ok ? "Session is valid." : `Session check failed (${response.status}).`,
    );
  };

  const post = async (url: string, body?: unknown) => {
    try {
      await fetch(url, {
        method: "POST",
        credentials: "include",
        headers: body ? { "Content-Type": "application/json" } : { Accept: "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      console.error(error); // demo login and logout failures are only logged (spec section 8)
    }
    void revalidator.revalidate();
  };

  return (
    <section className="container auth-test">
      <div className="card">
        <h1>Auth test</h1>
        {loading ? (
          <p role="status">Loading…</p>
        ) : (
          <dl>
            <dt>Authenticated</dt>
            <dd data-testid="authenticated">{user ? "true" : "false"}</dd>
            <dt>User</dt>
            <dd>
              <pre>{JSON.stringify(user, null, 2)}</pre>
            </dd>
          </dl>
        )}
        {sessionCheck ? <p role="status">{sessionCheck}</p> : null}
        <div className="dashboard-actions">
          <form
            method="post"
            action="/api/auth/demo"
            onSubmit={(event) => {
              event.preventDefault();
              void post("/api/auth/demo", { plan: "premium" });
            }}
          >
            <input type="hidden" name="plan" value="premium" />
            <button type="submit" className="btn btn-primary">
              Demo sign-in (Premium)
            </button>
          </form>
          {hydrated ? (
            <button type="button" className="btn btn-ghost" onClick={() => void checkSession()}>
              Check session
            </button>
          ) : null}
          <form
            method="post"
            action="/api/auth/logout"
            onSubmit={(event) => {
              event.preventDefault();
              void post("/api/auth/logout");
            }}
          >
            <button type="submit" className="btn btn-ghost">
              Logout
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
