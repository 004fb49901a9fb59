import { useId } from "react";
import type { ContentField } from "../../qr/fields";
import type { FieldErrors } from "../../qr/schema";
import type { QrType } from "../../qr/types";
import { useErrorText, useT } from "../../i18n/i18n";
import { Field } from "./field";

interface ContentFieldsProps {
  type: QrType;
  values: Record<ContentField, string>;
  errors: FieldErrors;
  onChange: (name: ContentField, value: string) => void;
}

export function ContentFields({ type, values, errors, onChange }: ContentFieldsProps) {
  const encryptionId = useId();
  const phoneKindId = useId();
  const t = useT();
  const errorText = useErrorText();
  const field = (name: ContentField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => onChange(name, value),
  });

  switch (type) {
    case "url":
      return (
        <Field
          {...field("url")}
          label={t("generator.content.websiteAddress")}
          inputMode="url"
          placeholder="https://example.com"
          required
        />
      );
    case "text":
      return <Field {...field("text")} label={t("generator.content.text")} multiline required />;
    case "email":
      return (
        <>
          <Field
            {...field("email")}
            label={t("generator.content.emailAddress")}
            type="email"
            required
          />
          <Field {...field("subject")} label={t("generator.content.subject")} />
          <Field {...field("message")} label={t("generator.content.message")} multiline />
        </>
      );
    case "phone":
      return (
        <Field {...field("phone")} label={t("generator.content.phoneNumber")} type="tel" required />
      );
    case "sms":
      return (
        <>
          <Field
            {...field("phone")}
            label={t("generator.content.phoneNumber")}
            type="tel"
            required
          />
          <Field {...field("message")} label={t("generator.content.message")} multiline />
        </>
      );
    case "wifi":
      return (
        <>
          <Field {...field("ssid")} label={t("generator.content.ssid")} required />
          <div className="field">
            <label htmlFor={encryptionId}>{t("generator.content.security")}</label>
            <select
              id={encryptionId}
              name="encryption"
              value={values.encryption || "WPA"}
              aria-invalid={errors.encryption ? true : undefined}
              onChange={(event) => onChange("encryption", event.target.value)}
            >
              <option value="WPA">WPA / WPA2 / WPA3</option>
              <option value="WEP">WEP</option>
              <option value="nopass">{t("generator.content.noPassword")}</option>
            </select>
            {errors.encryption ? (
              <p className="field-error">{errorText(errors.encryption)}</p>
            ) : null}
          </div>
          {values.encryption === "nopass" ? null : (
            <Field {...field("password")} label={t("generator.content.password")} required />
          )}
          <label className="checkbox">
            <input
              type="checkbox"
              name="hidden"
              value="true"
              checked={values.hidden === "true"}
              onChange={(event) => onChange("hidden", event.target.checked ? "true" : "")}
            />
            {t("generator.content.hidden")}
          </label>
        </>
      );
    case "contact":
      return (
        <>
          <p className="field-hint">{t("generator.content.contactHint")}</p>
          <div className="field-row">
            <Field
              {...field("firstName")}
              label={t("generator.content.firstName")}
              autoComplete="given-name"
            />
            <Field
              {...field("lastName")}
              label={t("generator.content.lastName")}
              autoComplete="family-name"
            />
          </div>
          <div className="field-row">
            <Field
              {...field("company")}
              label={t("generator.content.company")}
              autoComplete="organization"
            />
            <Field
              {...field("jobTitle")}
              label={t("generator.content.jobTitle")}
              autoComplete="organization-title"
            />
          </div>
          <div className="field-row">
            <Field
              {...field("phone")}
              label={t("generator.content.phone")}
              type="tel"
              autoComplete="tel"
            />
            <Field
              {...field("email")}
              label={t("generator.content.email")}
              type="email"
              autoComplete="email"
            />
          </div>
          <div className="field-row">
            <Field {...field("phone2")} label={t("generator.content.phone2")} type="tel" />
            <div className="field">
              <label htmlFor={phoneKindId}>{t("generator.content.phone2Kind")}</label>
              <select
                id={phoneKindId}
                name="phone2Type"
                value={values.phone2Type || "mobile"}
                aria-invalid={errors.phone2Type ? true : undefined}
                onChange={(event) => onChange("phone2Type", event.target.value)}
              >
                <option value="mobile">{t("generator.content.mobile")}</option>
                <option value="work">{t("generator.content.work")}</option>
              </select>
              {errors.phone2Type ? (
                <p className="field-error">{errorText(errors.phone2Type)}</p>
              ) : null}
            </div>
          </div>
          <Field
            {...field("website")}
            label={t("generator.content.website")}
            inputMode="url"
            autoComplete="url"
          />
          <fieldset className="field-group">
            <legend>{t("generator.content.address")}</legend>
            <Field
              {...field("street")}
              label={t("generator.content.street")}
              autoComplete="street-address"
            />
            <div className="field-row">
              <Field
                {...field("city")}
                label={t("generator.content.city")}
                autoComplete="address-level2"
              />
              <Field
                {...field("region")}
                label={t("generator.content.region")}
                autoComplete="address-level1"
              />
            </div>
            <div className="field-row">
              <Field
                {...field("postalCode")}
                label={t("generator.content.postalCode")}
                autoComplete="postal-code"
              />
              <Field
                {...field("country")}
                label={t("generator.content.country")}
                autoComplete="country-name"
              />
            </div>
          </fieldset>
          <Field {...field("note")} label={t("generator.content.note")} multiline />
        </>
      );
  }
}
