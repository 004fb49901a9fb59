import { Trans, useErrorText, useT } from "../../i18n/i18n";
import { Form, Link } from "react-router";
import { DEFAULT_DESIGN } from "../../design/schema";
import type { StylesTabAction, StylesTabData } from "../../dashboard/styles-tab.server";
import { FieldError } from "../field-error";
import { designValues, StyleFields, type StyleValues } from "./style-fields";
import { TabFormFields } from "./tab-form-fields";

// The dashboard's Brand styles tab (issue #28, Premium and Ultimate): the workspace's saved
// designs. Every form posts to /dashboard?tab=styles, so all of it works without JavaScript.

const ACTION = "/dashboard?tab=styles";

type Failed = StylesTabAction["styleForm"];

function NameField({
  prefix,
  value,
  error,
  max,
}: {
  prefix: string;
  value: string;
  error: string | undefined;
  max: number;
}) {
  const t = useT();
  const id = `${prefix}-name`;
  return (
    <div className="field">
      <label htmlFor={id}>{t("dashboard.styles.name")}</label>
      <input
        id={id}
        name="name"
        required
        maxLength={max}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

function StyleForm({
  tab,
  id,
  name,
  values,
  failed,
}: {
  tab: StylesTabData;
  id: string;
  name: string;
  values: StyleValues;
  failed: Failed;
}) {
  const t = useT();
  const errorText = useErrorText();
  const mine = failed?.id === id ? failed : undefined;
  const errors = mine?.errors ?? {};
  const shown = mine?.values ?? values;
  const prefix = `style-${id}`;
  return (
    <Form
      method="post"
      action={ACTION}
      className="style-form"
      key={`${id}${JSON.stringify(values)}`}
    >
      <TabFormFields
        workspaceId={tab.workspaceId}
        intent={id === "new" ? "create-style" : "update-style"}
      />
      {id === "new" ? null : <input type="hidden" name="id" value={id} />}
      {errors.form ? (
        <p className="notice notice-error" role="alert" tabIndex={-1}>
          {errorText(errors.form)}
        </p>
      ) : null}
      <NameField
        prefix={prefix}
        value={mine?.values.name ?? name}
        error={errors.name}
        max={tab.nameMax}
      />
      <StyleFields prefix={prefix} values={shown} errors={errors} />
      <button type="submit" className="btn btn-primary">
        {id === "new" ? t("dashboard.styles.save") : t("dashboard.styles.saveChanges")}
      </button>
    </Form>
  );
}

function StyleItem({
  tab,
  style,
  failed,
}: {
  tab: StylesTabData;
  style: StylesTabData["styles"][number];
  failed: Failed;
}) {
  const t = useT();
  return (
    <li className="card brand-style" id={`style-${style.id}`}>
      <div className="brand-style-head">
        {style.thumbnail ? <img src={style.thumbnail} alt="" width={96} height={96} /> : null}
        <div>
          <h3>{style.name}</h3>
          <p className="muted small">
            <Trans
              id="dashboard.styles.id"
              values={{ id: style.id }}
              components={{ 0: <code />, 1: <code /> }}
            />
          </p>
        </div>
      </div>
      {tab.manage && tab.allowed ? (
        <details open={failed?.id === style.id}>
          <summary>{t("dashboard.styles.change", { name: style.name })}</summary>
          <StyleForm
            tab={tab}
            id={style.id}
            name={style.name}
            values={designValues(style.design)}
            failed={failed}
          />
        </details>
      ) : null}
      {tab.manage ? (
        <Form method="post" action={ACTION} className="brand-style-delete">
          <TabFormFields workspaceId={tab.workspaceId} intent="delete-style" />
          <input type="hidden" name="id" value={style.id} />
          <button type="submit" className="btn btn-secondary">
            {t("dashboard.styles.delete", { name: style.name })}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export function StylesTab({
  tab,
  action,
}: {
  tab: StylesTabData;
  action: StylesTabAction | undefined;
}) {
  const t = useT();
  const errorText = useErrorText();
  const failed = action?.styleForm;
  const full = tab.styles.length >= tab.limit;
  // A refusal whose form is not on the page (the plan, the limit) is shown at the top.
  const formShown =
    tab.manage &&
    tab.allowed &&
    (failed?.id === "new" ? !full : tab.styles.some((style) => style.id === failed?.id));
  const unplaced = failed && !formShown ? failed.errors.form : null;
  return (
    <div className="team" role="region" aria-labelledby="brand-styles">
      <div className="card">
        <h2 id="brand-styles" tabIndex={-1}>
          {t("dashboard.styles.heading")}
        </h2>
        <p>
          <Trans id="dashboard.styles.intro" components={{ 0: <code /> }} />
        </p>
        {unplaced ? (
          <p className="notice notice-error" role="alert">
            {errorText(unplaced)}
          </p>
        ) : null}
        {!tab.allowed ? (
          <div className="notice notice-warning" role="status">
            <p>
              {t("dashboard.styles.plan", { plan: tab.planName })}
              {tab.styles.length > 0 ? ` ${t("dashboard.styles.kept")}` : ""}
            </p>
            <Link to={tab.upgrade.href}>{tab.upgrade.label}</Link>
          </div>
        ) : null}
        {!tab.manage ? (
          <p className="notice" role="status">
            {tab.refusal}
          </p>
        ) : null}
      </div>
      {tab.styles.length > 0 ? (
        <ul className="brand-styles" aria-label={t("dashboard.styles.list")}>
          {tab.styles.map((style) => (
            <StyleItem key={style.id} tab={tab} style={style} failed={failed} />
          ))}
        </ul>
      ) : tab.allowed ? (
        <p className="muted">{t("dashboard.styles.none")}</p>
      ) : null}
      {tab.manage && tab.allowed ? (
        <section className="card" aria-labelledby="new-style-heading" id="new-style">
          <h2 id="new-style-heading">{t("dashboard.styles.new")}</h2>
          {full ? (
            <p className="notice notice-warning" role="status">
              {t("dashboard.styles.full", { count: tab.limit })}
            </p>
          ) : (
            <StyleForm
              tab={tab}
              id="new"
              name=""
              values={designValues(DEFAULT_DESIGN)}
              failed={failed}
            />
          )}
        </section>
      ) : null}
    </div>
  );
}
