import { Form, useNavigation } from "react-router";
import type { AccountView } from "../../accounts/page-data";
import { FormattedDate } from "../formatted-date";

/** The ways the account signs in, and "Sign out everywhere". */
export function SignInsSection({ signIns }: { signIns: AccountView["signIns"] }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-out-everywhere";
  return (
    <section className="card account-section" aria-labelledby="sign-ins-heading" id="sign-ins">
      <h2 id="sign-ins-heading">Connected sign-ins</h2>
      <ul className="sign-in-list">
        {signIns.map((signIn) => (
          <li key={`${signIn.provider}-${signIn.connectedAt}`}>
            <strong>{signIn.label}</strong>
            <span className="muted small">
              Connected <FormattedDate value={signIn.connectedAt} />
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
