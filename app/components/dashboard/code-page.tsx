import { Link } from "react-router";
import type {
  CodePageAction,
  CodePageData,
  DestinationAction,
} from "../../dashboard/code-page.server";
import { Trans, useT } from "../../i18n/i18n";
import { ContentForm } from "./code-content-form";
import { Destination } from "./code-destination";
import { DesignForm } from "./code-design-form";
import { CodeImage, ContentSummary, DesignSummary, ScanSummary, ShortLink } from "./code-overview";
import { ResultRegion } from "./result-region";

// A saved code's page: its image, downloads, content, design and scans (issue #29 item 8, in
// code-overview.tsx), editing its design and a static code's content, and for a tracked code
// (issue #21, in code-destination.tsx) where it leads with the Edit destination form, its one
// scheduled change, and the history of changes, newest first, each with Restore. Plain forms:
// everything works without JavaScript, which only copies links, preselects the browser's time
// zone and moves to answers.

// The dashboard's list imports the Edit destination form from here.
export { DestinationForm } from "./code-destination";

const isDestinationAction = (action?: CodePageAction): action is DestinationAction =>
  action !== undefined && !("stage" in action);

export function CodePage({ page, action }: { page: CodePageData; action?: CodePageAction }) {
  const t = useT();
  const { overview, tracked } = page;
  const destinationAction = isDestinationAction(action) ? action : undefined;
  const editAction = isDestinationAction(action) ? undefined : action;
  return (
    <section className="container code-page">
      <p>
        <Link to="/dashboard">{t("code.page.back")}</Link>
      </p>
      <h1>{page.title}</h1>
      <div className="code-page-top">
        <CodeImage overview={overview} upgradeHref={page.upgradeHref} />
        <div className="code-page-facts">
          {tracked ? (
            <div className="card">
              <ShortLink link={tracked.shortLink} />
              <p>
                {t("code.page.leadsTo")}{" "}
                <a
                  href={tracked.destination}
                  className="destination-url"
                  dir="ltr"
                  rel="noreferrer"
                >
                  {tracked.destination}
                </a>
              </p>
              {tracked.disabled !== null ? (
                <p className="notice notice-error" role="status">
                  <Trans
                    id="code.page.disabled"
                    values={{ reason: tracked.disabled }}
                    components={{ 0: <Link to="/support" /> }}
                  />
                </p>
              ) : null}
            </div>
          ) : null}
          <ContentSummary overview={overview} />
          <DesignSummary overview={overview} />
          <ScanSummary overview={overview} upgradeHref={page.upgradeHref} codeId={page.id} />
        </div>
      </div>

      {page.canManage ? (
        <>
          <h2>{t("code.page.editDesign")}</h2>
          <details className="card edit-panel" open={editAction?.intent === "design" || undefined}>
            <summary className="btn btn-ghost">{t("code.page.changeDesign")}</summary>
            <DesignForm
              codeId={page.id}
              saved={overview.designValues}
              hasLogo={overview.hasLogo}
              action={editAction}
            />
          </details>
          {tracked ? null : (
            <>
              <h2>{t("code.page.editContent")}</h2>
              <details
                className="card edit-panel"
                open={editAction?.intent === "content" || undefined}
              >
                <summary className="btn btn-ghost">{t("code.page.changeContent")}</summary>
                <ContentForm
                  codeId={page.id}
                  type={overview.type}
                  saved={overview.contentValues}
                  action={editAction}
                />
              </details>
            </>
          )}
        </>
      ) : (
        <p className="muted">{t("code.page.viewerOnly")}</p>
      )}

      {tracked && editAction?.intent === "content" ? (
        <ResultRegion answer={editAction} className="notice notice-error">
          <p>{editAction.message}</p>
        </ResultRegion>
      ) : null}
      {tracked ? <Destination page={page} tracked={tracked} action={destinationAction} /> : null}
    </section>
  );
}
