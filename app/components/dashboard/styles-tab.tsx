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
  const id = `${prefix}-name`;
  return (
    <div className="field">
      <label htmlFor={id}>Style name</label>
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
          {errors.form}
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
        {id === "new" ? "Save style" : "Save changes"}
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
  return (
    <li className="card brand-style" id={`style-${style.id}`}>
      <div className="brand-style-head">
        {style.thumbnail ? <img src={style.thumbnail} alt="" width={96} height={96} /> : null}
        <div>
          <h3>{style.name}</h3>
          <p className="muted small">
            Style id <code>{style.id}</code> — use it as <code>styleId</code> in the API and in
            download links.
          </p>
        </div>
      </div>
      {tab.manage && tab.allowed ? (
        <details open={failed?.id === style.id}>
          <summary>Rename or change “{style.name}”</summary>
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
            Delete “{style.name}”
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
          Brand styles
        </h2>
        <p>
          Saved designs with a name: choose one on the generator, for a whole bulk batch, or send
          its <code>styleId</code> to the API. Fields you set yourself next to a style override it.
        </p>
        {unplaced ? (
          <p className="notice notice-error" role="alert">
            {unplaced}
          </p>
        ) : null}
        {!tab.allowed ? (
          <div className="notice notice-warning" role="status">
            <p>
              Brand styles come with Premium and Ultimate; this workspace is on {tab.planName}.
              {tab.styles.length > 0
                ? " Your saved styles are kept, and can be used again after an upgrade."
                : ""}
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
        <ul className="brand-styles" aria-label="Saved brand styles">
          {tab.styles.map((style) => (
            <StyleItem key={style.id} tab={tab} style={style} failed={failed} />
          ))}
        </ul>
      ) : tab.allowed ? (
        <p className="muted">No brand styles yet.</p>
      ) : null}
      {tab.manage && tab.allowed ? (
        <section className="card" aria-labelledby="new-style-heading" id="new-style">
          <h2 id="new-style-heading">New brand style</h2>
          {full ? (
            <p className="notice notice-warning" role="status">
              This workspace has {tab.limit} styles, the most it can keep. Delete one to save
              another.
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
