import { data, Form, Link, useNavigation } from "react-router";
import {
  confirmEmailChange,
  LINK_STATUS,
  type LinkProblem,
  readEmailChangeLink,
} from "../accounts/email-change.server";
import { LINK_WITHDRAWN } from "../accounts/schemas";
import { redirectWithToast } from "../auth/flash.server";
import { getUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/account.confirm-email";

// The link sent to a new address. Opening it changes nothing (mail scanners open links); the
// button on the page does. No sign-in is needed: the link itself proves the address is theirs,
// and it can only ever move the account it was issued for.

// The page carries the token: no cache keeps it, and no link on it hands it on as the referrer.
const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

type LinkState =
  { state: "ready"; email: string; token: string } | { state: LinkProblem; email: string | null };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const link = await readEmailChangeLink(createDatabase(), token);
  if (!link.ok) {
    return data<LinkState>(
      { state: link.reason, email: null },
      { status: LINK_STATUS[link.reason] },
    );
  }
  return data<LinkState>({ state: "ready", email: link.email, token: token! });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const token = form.get("token");
  const result = await confirmEmailChange(
    createDatabase(),
    typeof token === "string" ? token : null,
  );
  if (!result.ok) {
    return data<LinkState>(
      { state: result.reason, email: result.email ?? null },
      { status: LINK_STATUS[result.reason] },
    );
  }
  // The browser of the account's own session goes back to its settings; anyone else signs in.
  const signedIn = (await getUser(context))?.id === result.userId;
  return redirectWithToast(
    request,
    signedIn ? "/account" : "/auth?mode=signin&redirect=%2Faccount",
    {
      title: "Email address changed",
      description: `You sign in with ${result.email} from now on.`,
      variant: "success",
    },
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta = () =>
  pageMeta("Confirm your new e-mail address", "Confirm the new address of your account.");

const PROBLEMS: Record<LinkProblem, { title: string; text: (email: string | null) => string }> = {
  invalid: {
    title: "This link does not work",
    text: () =>
      "Check that you opened the whole link from the e-mail, or ask for a new one in your account settings.",
  },
  used: {
    title: "This link was already used",
    text: () =>
      "Each link works once, and a newer request withdraws the older links. If your address has not changed yet, ask for a new link in your account settings.",
  },
  expired: {
    title: "This link has expired",
    text: () =>
      "Links to confirm a new address work for 24 hours. Ask for a new one in your account settings.",
  },
  withdrawn: {
    title: "This link no longer works",
    text: () => `${LINK_WITHDRAWN} You can ask for it in your account settings.`,
  },
  taken: {
    title: "This address is taken",
    text: (email) =>
      `${email ?? "The address"} now belongs to another account, so your address was not changed. Ask again with another address in your account settings.`,
  },
};

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const link = actionData ?? loaderData;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        {link.state === "ready" ? (
          <>
            <h1>Confirm your new e-mail address</h1>
            <p>
              Use <strong>{link.email}</strong> to sign in to QR Code Creator from now on?
            </p>
            <Form method="post" className="auth-form">
              <input type="hidden" name="token" value={link.token} />
              <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
                {pending ? "Changing..." : `Use ${link.email}`}
              </button>
            </Form>
            <p className="muted small">
              If you did not ask for this, close this page: nothing changes.
            </p>
          </>
        ) : (
          <>
            <h1>{PROBLEMS[link.state].title}</h1>
            <p className="muted" role="alert">
              {PROBLEMS[link.state].text(link.email)}
            </p>
            <Link to="/account" className="btn btn-primary btn-block">
              Go to account settings
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
