import type { SubmissionResult } from "@conform-to/react";
import { getSelectProps } from "@conform-to/react";
import { useState } from "react";
import type { AccountView } from "../../accounts/page-data";
import { timeZoneSchema } from "../../accounts/schemas";
import { useT } from "../../i18n/i18n";
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
  const t = useT();
  return (
    <section className="card account-section" aria-labelledby="time-zone-heading" id="time-zone">
      <h2 id="time-zone-heading">{t("account.nav.time-zone")}</h2>
      <p className="muted" id={hintId}>
        {view.saved
          ? t("account.zone.saved", { zone: view.saved })
          : view.shown === "UTC"
            ? t("account.zone.unsetUtc")
            : t("account.zone.unsetBrowser", { zone: view.shown })}
      </p>
      <AccountForm form={form} intent="time-zone">
        <div className="field">
          <label htmlFor={field.id}>{t("account.nav.time-zone")}</label>
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
              {t("account.zone.useDevice", { zone: detected.replaceAll("_", " ") })}
            </button>
          </p>
        ) : null}
        <SubmitButton
          pending={pending}
          label={t("account.zone.save")}
          pendingLabel={t("account.saving")}
        />
      </AccountForm>
    </section>
  );
}
