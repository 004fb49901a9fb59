import { data, Link } from "react-router";
import { getUser } from "../auth/user.server";
import { SignOutForm } from "../components/auth/sign-out-form";
import { Trans, useLocalePath, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/api.logout";

// GET /api/logout, the navigation fallback of the header menu (spec section 7). A GET changes
// nothing: any site can make a browser fetch a URL, so signing out here would let it sign our
// visitors out (issue #27 item 11). The page asks, and its one button posts to /api/auth/logout.

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  return data({ email: user?.email ?? null }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta(t("common.logout.title"), t("common.logout.description")),
    { name: "robots", content: "noindex" },
  ];
};

export default function SignOut({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        {loaderData.email ? (
          <>
            <h1>{t("common.logout.title")}</h1>
            <p className="muted">
              <Trans
                id="common.logout.signedInAs"
                values={{ email: loaderData.email }}
                components={{ 0: <strong /> }}
              />
            </p>
            <SignOutForm
              label={t("common.auth.signOut")}
              buttonClassName="btn btn-primary btn-block"
            />
            <p className="muted small">
              <Link to={localePath("/")}>{t("common.logout.stay")}</Link>
            </p>
          </>
        ) : (
          <>
            <h1>{t("common.logout.doneTitle")}</h1>
            <p className="muted">{t("common.logout.nobody")}</p>
            <Link to={localePath("/")} className="btn btn-primary btn-block">
              {t("common.logout.home")}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
