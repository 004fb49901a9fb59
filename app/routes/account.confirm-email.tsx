import { data, Form, Link, useNavigation } from "react-router";
import {
  confirmEmailChange,
  LINK_STATUS,
  type LinkProblem,
  readEmailChangeLink,
} from "../accounts/email-change.server";
import { redirectWithToast } from "../auth/flash.server";
import { getUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import { Trans, useT } from "../i18n/i18n";
import { getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
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
  const t = await getT(context);
  return redirectWithToast(
    request,
    signedIn ? "/account" : "/auth?mode=signin&redirect=%2Faccount",
    {
      title: t("account.confirm.changed"),
      description: t("account.confirm.changed.text", { email: result.email }),
      variant: "success",
    },
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("account.confirm.title"), t("account.confirm.meta.description"));
};

// Each problem's heading and explanation are account.confirm.<problem>.title and .text.
export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const link = actionData ?? loaderData;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const t = useT();
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        {link.state === "ready" ? (
          <>
            <h1>{t("account.confirm.title")}</h1>
            <p>
              <Trans
                id="account.confirm.question"
                values={{ email: link.email }}
                components={{ 0: <strong /> }}
              />
            </p>
            <Form method="post" className="auth-form">
              <input type="hidden" name="token" value={link.token} />
              <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
                {pending
                  ? t("account.confirm.changing")
                  : t("account.confirm.use", { email: link.email })}
              </button>
            </Form>
            <p className="muted small">{t("account.confirm.notYou")}</p>
          </>
        ) : (
          <>
            <h1>{t(`account.confirm.${link.state}.title`)}</h1>
            <p className="muted" role="alert">
              {link.state === "taken" && !link.email
                ? t("account.confirm.takenUnknown.text")
                : t(`account.confirm.${link.state}.text`, { email: link.email })}
            </p>
            <Link to="/account" className="btn btn-primary btn-block">
              {t("account.confirm.toSettings")}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
