import { Form, useActionData, useNavigation } from "react-router";
import type { AccountActionData, AccountView } from "../../accounts/page-data";
import { FormattedDate } from "../formatted-date";
import { Result, toResult } from "../result";

/**
 * Every browser signed in to the account (issue #31): where, since when, last used; each other
 * one can be ended, or all of them at once. Plain forms: works without JavaScript.
 */
export function SessionsSection({ sessions }: { sessions: AccountView["sessions"] }) {
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" ? navigation.formData : undefined;
  const answer = useActionData<AccountActionData>();
  const refusal =
    answer?.intent === "end-session" || answer?.intent === "sign-out-others"
      ? (answer.result.error?.[""] ?? [])
      : [];
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section className="card account-section" aria-labelledby="sessions-heading" id="sessions">
      <h2 id="sessions-heading">Sessions</h2>
      <p className="muted">
        The browsers and devices signed in to your account. End any you do not recognise, then
        change your password.
      </p>
      <Result answer={refusal.length ? answer : null} role={refusal.length ? "alert" : undefined}>
        {refusal.length ? <p className="notice notice-warning">{refusal.join(" ")}</p> : null}
      </Result>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="session-item">
            <div>
              <strong>{session.device}</strong>
              {session.current ? <span className="badge session-current">This device</span> : null}
              <div className="muted small">
                {session.place} · {session.method}
              </div>
              <div className="muted small">
                Signed in <FormattedDate value={session.signedInAt} time /> · last used{" "}
                <FormattedDate value={session.lastUsedAt} time />
              </div>
            </div>
            {session.current ? null : (
              <Form method="post" action={toResult("/account")}>
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="session" value={session.id} />
                <button
                  type="submit"
                  className="btn btn-ghost btn-small"
                  aria-label={`End the session of ${session.device}`}
                  disabled={posting?.get("session") === session.id}
                >
                  {posting?.get("session") === session.id ? "Ending..." : "End"}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" action={toResult("/account")}>
          <input type="hidden" name="intent" value="sign-out-others" />
          <button
            type="submit"
            className="btn btn-ghost"
            disabled={posting?.get("intent") === "sign-out-others"}
          >
            {posting?.get("intent") === "sign-out-others"
              ? "Signing out..."
              : "Sign out everywhere else"}
          </button>
        </Form>
      ) : (
        <p className="muted small">No other browser is signed in.</p>
      )}
    </section>
  );
}
