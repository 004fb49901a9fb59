import { Form, useNavigation } from "react-router";
import type { AccountView } from "../../accounts/page-data";
import { Trans, useT } from "../../i18n/i18n";
import { say } from "../../i18n/phrase";
import { FormattedDate } from "../formatted-date";

/** The ways the account signs in (app/accounts/sign-in-methods.ts), and "Sign out everywhere". */
export function SignInsSection({ methods }: { methods: AccountView["signInMethods"] }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-out-everywhere";
  const t = useT();
  return (
    <section className="card account-section" aria-labelledby="sign-ins-heading" id="sign-ins">
      <h2 id="sign-ins-heading">{t("account.signIns.title")}</h2>
      <ul className="sign-in-list">
        {methods.map((method) => (
          <li key={method.id}>
            <strong>{say(t, { message: method.label, phrase: method.labelPhrase })}</strong>
            <span className={method.enabled ? "small" : "muted small"}>
              {say(t, { message: method.status, phrase: method.statusPhrase })}
              {method.since ? (
                <>
                  {" "}
                  <Trans
                    id="account.signIns.since"
                    components={{ 0: <FormattedDate value={method.since} /> }}
                  />
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <h3>{t("account.signIns.everywhere")}</h3>
      <p className="muted">{t("account.signIns.everywhereLead")}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" className="btn btn-ghost" disabled={pending}>
          {t(pending ? "account.signingOut" : "account.signIns.everywhere")}
        </button>
      </Form>
    </section>
  );
}
