import { data, Link, useNavigation } from "react-router";
import { type CheckAnswer, bulkPage, checkUpload, startUpload } from "../bulk/page.server";
import { requireUser } from "../auth/user.server";
import { BulkJobs } from "../components/bulk/bulk-jobs";
import { BulkUploadForm } from "../components/bulk/upload-form";
import { CheckResult } from "../components/bulk/check-result";
import { createDatabase } from "../db/client.server";
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
  const page = await bulkPage(createDatabase(), membership, new Date());
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
  return checkUpload(request, db, user, membership, now);
}

export const meta = () =>
  pageMeta(
    "Bulk generation",
    "Upload a spreadsheet and download a ZIP with a QR code for every row: table codes, badges, labels.",
  );

export default function Bulk({ loaderData: page, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData as CheckAnswer | undefined;
  return (
    <section className="container bulk">
      <header className="page-header">
        <h1>Bulk generation</h1>
        <p className="lead">
          One spreadsheet in, a ZIP of QR codes out: a code for every row, named as you choose, with
          a manifest that lists them all. For menus on 300 tables, 2,000 event badges or a warehouse
          of labels.
        </p>
      </header>
      {!page.signedIn ? (
        <div className="card">
          <p>{page.upgradeMessage}</p>
          <p>
            <Link className="btn btn-primary" to="/auth?mode=signup&redirect=%2Fbulk">
              Create an account
            </Link>{" "}
            <Link className="btn btn-ghost" to="/signin?redirect=%2Fbulk">
              Sign in
            </Link>{" "}
            <Link to="/pricing">Compare plans</Link>
          </p>
        </div>
      ) : !page.available ? (
        <div className="card">
          <p>
            Your workspace is on the {page.planName} plan. {page.upgradeMessage}
          </p>
          <Link className="btn btn-primary" to={page.upgrade.href}>
            {page.upgrade.label}
          </Link>
        </div>
      ) : !page.allowed ? (
        <p className="notice notice-warning" role="status">
          {page.refusal}
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
