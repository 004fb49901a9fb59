import type { SubmissionResult } from "@conform-to/react";
import { getSelectProps } from "@conform-to/react";
import { useState } from "react";
import type { AccountView } from "../../accounts/page-data";
import { timeZoneSchema } from "../../accounts/schemas";
import { FieldError } from "../field-error";
import { browserTimeZone } from "../formatted-date";
import { useHydrated } from "../use-hydrated";
import { AccountForm, SubmitButton, useAccountForm } from "./account-form";

/**
 * The zone dates and analytics are shown in (issue #30). Without JavaScript: a list and a button.
 * With it, the browser's own zone is offered when it differs from the one shown.
 */
export function TimeZoneSection({
  view,
  lastResult,
}: {
  view: AccountView["timeZone"];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, pending } = useAccountForm("time-zone", timeZoneSchema, lastResult, {
    defaultValue: { timeZone: view.shown },
  });
  const hydrated = useHydrated();
  const detected = hydrated ? browserTimeZone() : null;
  const field = fields.timeZone!;
  const [chosen, setChosen] = useState<string | null>(null);
  const zones = view.zones.includes(view.shown) ? view.zones : [view.shown, ...view.zones];
  const { key, ...select } = getSelectProps(field);
  const hintId = `${field.id}-hint`;
  return (
    <section className="card account-section" aria-labelledby="time-zone-heading" id="time-zone">
      <h2 id="time-zone-heading">Time zone</h2>
      <p className="muted" id={hintId}>
        {view.saved
          ? `Dates, times and analytics are shown in ${view.saved}.`
          : `You have not chosen one: pages use ${view.shown === "UTC" ? "UTC" : `${view.shown}, the zone your browser reported`}.`}
      </p>
      <AccountForm form={form} intent="time-zone">
        <div className="field">
          <label htmlFor={field.id}>Time zone</label>
          <select
            key={chosen ?? key}
            {...select}
            defaultValue={chosen ?? view.shown}
            aria-describedby={hintId}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <FieldError id={`${field.id}-error`} errors={field.errors} />
        </div>
        {detected && detected !== (chosen ?? view.shown) ? (
          <p>
            <button type="button" className="btn btn-link" onClick={() => setChosen(detected)}>
              Use this device’s zone ({detected.replaceAll("_", " ")})
            </button>
          </p>
        ) : null}
        <SubmitButton pending={pending} label="Save time zone" pendingLabel="Saving..." />
      </AccountForm>
    </section>
  );
}
