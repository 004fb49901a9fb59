import { data, Link, useNavigation } from "react-router";
import { type CheckAnswer, bulkPage, checkUpload, startUpload } from "../bulk/page.server";
import { requireUser } from "../auth/user.server";
import { BulkJobs } from "../components/bulk/bulk-jobs";
import { BulkUploadForm } from "../components/bulk/upload-form";
import { CheckResult } from "../components/bulk/check-result";
import { createDatabase } from "../db/client.server";
import { useBulkMessage } from "../components/bulk/bulk-message";
import { useLocalePath, useT } from "../i18n/i18n";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import { getMembership, requireMembership } from "../workspaces/current.server";
import bulkCss from "../styles/bulk.css?url";
import type { Route } from "./+types/bulk";

// Bulk generation (issue #17): upload a CSV, see every row checked, go on with the valid ones,
// download a ZIP. Plain forms, so all of it works without JavaScript.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: bulkCss, precedence: "page" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const membership = await getMembership(context);
  const { code } = await getLocale(context);
  const page = await bulkPage(createDatabase(), membership, new Date(), code);
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** "check" uploads a file (multipart); "start" makes a checked batch. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  const db = createDatabase();
  const now = new Date();
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "start") return startUpload(await request.formData(), db, membership, now);
  return checkUpload(request, db, user, membership, now, await getT(context));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("bulk.meta.title"), t("bulk.meta.description"));
};

export default function Bulk({ loaderData: page, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData as CheckAnswer | undefined;
  const t = useT();
  const message = useBulkMessage();
  const localePath = useLocalePath();
  return (
    <section className="container bulk">
      <header className="page-header">
        <h1>{t("bulk.title")}</h1>
        <p className="lead">{t("bulk.lead")}</p>
      </header>
      {!page.signedIn ? (
        <div className="card">
          <p>{message(page.upgradeMessage)}</p>
          <p>
            <Link className="btn btn-primary" to={localePath("/auth?mode=signup&redirect=%2Fbulk")}>
              {t("bulk.signUp")}
            </Link>{" "}
            <Link className="btn btn-ghost" to={localePath("/signin?redirect=%2Fbulk")}>
              {t("bulk.signIn")}
            </Link>{" "}
            <Link to={localePath("/pricing")}>{t("bulk.comparePlans")}</Link>
          </p>
        </div>
      ) : !page.available ? (
        <div className="card">
          <p>
            {t("bulk.onPlan", { plan: page.planName })} {message(page.upgradeMessage)}
          </p>
          <Link className="btn btn-primary" to={localePath(page.upgrade.href)}>
            {message(page.upgrade.label)}
          </Link>
        </div>
      ) : !page.allowed ? (
        <p className="notice notice-warning" role="status">
          {message(page.refusal ?? "")}
        </p>
      ) : (
        <>
          {answer?.ok ? (
            <CheckResult answer={answer} pending={navigation.state !== "idle"} />
          ) : null}
          <BulkUploadForm
            page={page}
            error={answer && !answer.ok ? answer : null}
            again={Boolean(answer?.ok)}
            pending={navigation.state === "submitting" && navigation.formMethod === "POST"}
          />
          <BulkJobs jobs={page.jobs} />
        </>
      )}
    </section>
  );
}
