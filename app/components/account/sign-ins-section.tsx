import { Form, useNavigation } from "react-router";
import type { AccountView } from "../../accounts/page-data";
import { FormattedDate } from "../formatted-date";

/** The ways the account signs in (app/accounts/sign-in-methods.ts), and "Sign out everywhere". */
export function SignInsSection({ methods }: { methods: AccountView["signInMethods"] }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-out-everywhere";
  return (
    <section className="card account-section" aria-labelledby="sign-ins-heading" id="sign-ins">
      <h2 id="sign-ins-heading">Sign-in methods</h2>
      <ul className="sign-in-list">
        {methods.map((method) => (
          <li key={method.id}>
            <strong>{method.label}</strong>
            <span className={method.enabled ? "small" : "muted small"}>
              {method.status}
              {method.since ? (
                <>
                  {" "}
                  · since <FormattedDate value={method.since} />
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <h3>Sign out everywhere</h3>
      <p className="muted">
        Ends every session of your account, on every browser and device, this one too. Use it if you
        signed in on a computer that is not yours.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" className="btn btn-ghost" disabled={pending}>
          {pending ? "Signing out..." : "Sign out everywhere"}
        </button>
      </Form>
    </section>
  );
}
