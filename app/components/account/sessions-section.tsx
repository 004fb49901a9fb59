import { Form, useActionData, useNavigation } from "react-router";
import type { AccountActionData, AccountView } from "../../accounts/page-data";
import { Trans, useErrorText, useT } from "../../i18n/i18n";
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
  const t = useT();
  const errorText = useErrorText();
  return (
    <section className="card account-section" aria-labelledby="sessions-heading" id="sessions">
      <h2 id="sessions-heading">{t("account.nav.sessions")}</h2>
      <p className="muted">{t("account.sessions.lead")}</p>
      <Result answer={refusal.length ? answer : null} role={refusal.length ? "alert" : undefined}>
        {refusal.length ? (
          <p className="notice notice-warning">{refusal.map(errorText).join(" ")}</p>
        ) : null}
      </Result>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="session-item">
            <div>
              <strong>{session.device}</strong>
              {session.current ? (
                <span className="badge session-current">{t("account.sessions.thisDevice")}</span>
              ) : null}
              <div className="muted small">
                {session.place} · {session.method}
              </div>
              <div className="muted small">
                <Trans
                  id="account.sessions.times"
                  components={{
                    0: <FormattedDate value={session.signedInAt} time />,
                    1: <FormattedDate value={session.lastUsedAt} time />,
                  }}
                />
              </div>
            </div>
            {session.current ? null : (
              <Form method="post" action={toResult("/account")}>
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="session" value={session.id} />
                <button
                  type="submit"
                  className="btn btn-ghost btn-small"
                  // The visible word starts the name, in every language (WCAG 2.5.3).
                  aria-label={t("account.sessions.endLabel", {
                    end: t("account.sessions.end"),
                    device: session.device,
                  })}
                  disabled={posting?.get("session") === session.id}
                >
                  {t(
                    posting?.get("session") === session.id
                      ? "account.sessions.ending"
                      : "account.sessions.end",
                  )}
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
            {t(
              posting?.get("intent") === "sign-out-others"
                ? "account.signingOut"
                : "account.sessions.othersOut",
            )}
          </button>
        </Form>
      ) : (
        <p className="muted small">{t("account.sessions.noOthers")}</p>
      )}
    </section>
  );
}
