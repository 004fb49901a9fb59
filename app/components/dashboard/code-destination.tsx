import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type {
  CodePageData,
  DestinationAction,
  TrackedPart,
} from "../../dashboard/code-page.server";
import { Trans, useT } from "../../i18n/i18n";
import { FieldError } from "../field-error";
import { RESULT_ID, ResultRegion } from "./result-region";

// A tracked code's destination on its page (issue #21): the Edit destination form (also on the
// dashboard), its one scheduled change, and the history of changes, newest first, each with
// Restore. Plain forms: everything works without JavaScript, which only preselects the browser's
// time zone and moves to answers.

/** The Edit destination form: here and on the dashboard's list of codes. */
export function DestinationForm({
  codeId,
  current,
  back,
  error,
  value,
}: {
  codeId: number;
  current: string;
  /** "/dashboard" when shown there, so the answer comes back to the list. */
  back?: "/dashboard";
  error?: string;
  value?: string;
}) {
  const t = useT();
  const id = `destination-${codeId}`;
  // On the code's own page a refusal opens at the form (#result); from the dashboard it comes back.
  const target = `/dashboard/codes/${codeId}${back ? "" : `#${RESULT_ID}`}`;
  return (
    <Form method="post" action={target} className="destination-form">
      <input type="hidden" name="intent" value="destination" />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <div className="field">
        <label htmlFor={id}>{t("code.destination.label")}</label>
        <input
          id={id}
          name="destination"
          inputMode="url"
          autoComplete="url"
          defaultValue={value ?? current}
          required
          maxLength={2000}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        />
        <p id={`${id}-hint`} className="field-hint">
          {t("code.destination.imageStays")}
        </p>
        {back ? (
          <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
        ) : (
          <ResultRegion answer={error ?? null}>
            <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
          </ResultRegion>
        )}
      </div>
      <button type="submit" className="btn btn-primary">
        {t("code.destination.save")}
      </button>
    </Form>
  );
}

function ScheduleForm({
  codeId,
  page,
  action,
}: {
  codeId: number;
  page: TrackedPart;
  action?: DestinationAction;
}) {
  const t = useT();
  const zone = useRef<HTMLSelectElement>(null);
  const values = action?.intent === "schedule" ? action.values : {};
  const chosenZone = values.zone ?? page.scheduled?.zone;
  // With JavaScript, the browser's own time zone is preselected while none was chosen yet.
  useEffect(() => {
    const element = zone.current;
    if (!element || chosenZone) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if ([...element.options].some((option) => option.value === browserZone)) {
      element.value = browserZone;
    }
  }, [chosenZone]);
  const error = (field: "destination" | "at") =>
    action?.intent === "schedule" && action.field === field ? [action.message] : undefined;
  const answer = action?.intent === "schedule" ? action : null;
  return (
    <Form
      method="post"
      action={`/dashboard/codes/${codeId}#${RESULT_ID}`}
      className="schedule-form"
    >
      <input type="hidden" name="intent" value="schedule" />
      <ResultRegion answer={answer} className="notice notice-error">
        <p>{t("code.schedule.notScheduled", { message: answer?.message ?? "" })}</p>
      </ResultRegion>
      <div className="field">
        <label htmlFor="schedule-destination">{t("code.schedule.leadTo")}</label>
        <input
          id="schedule-destination"
          name="destination"
          inputMode="url"
          required
          maxLength={2000}
          placeholder="https://example.com/shop"
          defaultValue={values.destination ?? page.scheduled?.url ?? ""}
          aria-invalid={error("destination") ? true : undefined}
          aria-describedby={error("destination") ? "schedule-destination-error" : undefined}
        />
        <FieldError id="schedule-destination-error" errors={error("destination")} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="schedule-at">{t("code.schedule.at")}</label>
          <input
            id="schedule-at"
            name="at"
            type="datetime-local"
            required
            defaultValue={values.at ?? page.scheduled?.local ?? ""}
            aria-invalid={error("at") ? true : undefined}
            aria-describedby={`schedule-at-hint${error("at") ? " schedule-at-error" : ""}`}
          />
          <FieldError id="schedule-at-error" errors={error("at")} />
        </div>
        <div className="field">
          <label htmlFor="schedule-zone">{t("code.schedule.zone")}</label>
          <select
            id="schedule-zone"
            name="zone"
            ref={zone}
            defaultValue={chosenZone ?? "UTC"}
            aria-describedby="schedule-at-hint"
          >
            {page.zones.map((name) => (
              <option key={name} value={name}>
                {name.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id="schedule-at-hint" className="field-hint">
        {t("code.schedule.hint")}
      </p>
      <button type="submit" className="btn btn-primary">
        {t("code.schedule.submit")}
      </button>
    </Form>
  );
}

function Scheduled({ page, canManage }: { page: TrackedPart; canManage: boolean }) {
  const t = useT();
  if (!page.scheduled) return <p className="muted">{t("code.schedule.none")}</p>;
  return (
    <div className="scheduled-change">
      <p>
        <Trans
          id="code.schedule.pending"
          values={{ when: page.scheduled.when, url: page.scheduled.url }}
          components={{ 0: <strong />, 1: <code className="destination-url" dir="ltr" /> }}
        />
      </p>
      {canManage ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-schedule" />
          <button type="submit" className="btn btn-ghost btn-danger">
            {t("code.schedule.cancel")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function History({ page, canManage }: { page: TrackedPart; canManage: boolean }) {
  const t = useT();
  if (page.history.length === 0) {
    return <p className="muted">{t("code.history.empty")}</p>;
  }
  const editable = canManage && page.allowed;
  return (
    <ol className="destination-history">
      {page.history.map((entry) => (
        <li key={entry.id} className="destination-change">
          <p>
            <strong>{entry.words}</strong> · {entry.when}
            {entry.by ? ` · ${t("code.history.by", { name: entry.by })}` : ""}
          </p>
          <p className="small">
            <Trans
              id="code.history.change"
              values={{ from: entry.oldUrl, to: entry.newUrl }}
              components={{
                0: <code className="destination-url" dir="ltr" />,
                1: <code className="destination-url" dir="ltr" />,
              }}
            />
          </p>
          {editable && entry.restorable ? (
            <Form method="post">
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="entry" value={entry.id} />
              <button
                type="submit"
                className="btn btn-ghost"
                aria-label={t("code.history.restoreLabel", { url: entry.oldUrl })}
              >
                {t("code.history.restore")}
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function PlanRefusal({ refusal, upgradeHref }: { refusal: string | null; upgradeHref: string }) {
  const t = useT();
  return (
    <div className="card empty-state">
      <p>{refusal}</p>
      <Link to={upgradeHref} className="btn btn-primary">
        {t(
          upgradeHref === "/pricing" ? "code.destination.comparePlans" : "code.destination.upgrade",
        )}
      </Link>
    </div>
  );
}

/** Where a tracked code leads: the destination form, the scheduled change and the history. */
export function Destination({
  page,
  tracked,
  action,
}: {
  page: CodePageData;
  tracked: TrackedPart;
  action?: DestinationAction;
}) {
  const t = useT();
  const editable = page.canManage && tracked.allowed && tracked.disabled === null;
  const destinationError =
    action?.intent === "destination" || action?.intent === "restore" ? action.message : undefined;
  return (
    <>
      <h2>{t("code.destination.title")}</h2>
      {!page.canManage ? (
        <p className="muted">{t("code.destination.viewerOnly")}</p>
      ) : tracked.disabled !== null ? (
        <p className={action ? "notice notice-error" : "muted"} role={action ? "alert" : undefined}>
          {action?.message ?? t("code.destination.disabled")}
        </p>
      ) : tracked.allowed ? (
        <div className="card">
          <DestinationForm
            codeId={page.id}
            current={tracked.destination}
            error={destinationError}
            value={action?.intent === "destination" ? action.values.destination : undefined}
            back={action?.values.back}
          />
        </div>
      ) : (
        <PlanRefusal refusal={tracked.refusal} upgradeHref={page.upgradeHref} />
      )}

      <h2>{t("code.schedule.title")}</h2>
      <div className="card">
        {/* A cancel refused (the change happened meanwhile, or there was none) says why here. */}
        {action?.intent === "cancel-schedule" ? (
          <p className="notice notice-error" role="alert">
            {action.message}
          </p>
        ) : null}
        <Scheduled page={tracked} canManage={page.canManage} />
        {editable ? (
          <details className="schedule" open={action?.intent === "schedule" || undefined}>
            <summary className="btn btn-ghost">
              {t(tracked.scheduled ? "code.schedule.change" : "code.schedule.new")}
            </summary>
            <ScheduleForm codeId={page.id} page={tracked} action={action} />
          </details>
        ) : null}
      </div>

      <h2>{t("code.history.title")}</h2>
      <div className="card">
        <History page={tracked} canManage={page.canManage} />
      </div>
    </>
  );
}
