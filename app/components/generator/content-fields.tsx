import { useId } from "react";
import type { ContentField } from "../../qr/fields";
import type { FieldErrors } from "../../qr/schema";
import type { QrType } from "../../qr/types";
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
          label="Website address"
          inputMode="url"
          placeholder="https://example.com"
          required
        />
      );
    case "text":
      return <Field {...field("text")} label="Text" multiline required />;
    case "email":
      return (
        <>
          <Field {...field("email")} label="E-mail address" type="email" required />
          <Field {...field("subject")} label="Subject" />
          <Field {...field("message")} label="Message" multiline />
        </>
      );
    case "phone":
      return <Field {...field("phone")} label="Phone number" type="tel" required />;
    case "sms":
      return (
        <>
          <Field {...field("phone")} label="Phone number" type="tel" required />
          <Field {...field("message")} label="Message" multiline />
        </>
      );
    case "wifi":
      return (
        <>
          <Field {...field("ssid")} label="Network name (SSID)" required />
          <div className="field">
            <label htmlFor={encryptionId}>Security</label>
            <select
              id={encryptionId}
              name="encryption"
              value={values.encryption || "WPA"}
              aria-invalid={errors.encryption ? true : undefined}
              onChange={(event) => onChange("encryption", event.target.value)}
            >
              <option value="WPA">WPA / WPA2 / WPA3</option>
              <option value="WEP">WEP</option>
              <option value="nopass">No password</option>
            </select>
            {errors.encryption ? <p className="field-error">{errors.encryption}</p> : null}
          </div>
          {values.encryption === "nopass" ? null : (
            <Field {...field("password")} label="Password" required />
          )}
          <label className="checkbox">
            <input
              type="checkbox"
              name="hidden"
              value="true"
              checked={values.hidden === "true"}
              onChange={(event) => onChange("hidden", event.target.checked ? "true" : "")}
            />
            Hidden network
          </label>
        </>
      );
    case "contact":
      return (
        <>
          <p className="field-hint">
            Fill in at least a name, an e-mail address or a phone number.
          </p>
          <div className="field-row">
            <Field {...field("firstName")} label="First name" autoComplete="given-name" />
            <Field {...field("lastName")} label="Last name" autoComplete="family-name" />
          </div>
          <div className="field-row">
            <Field {...field("company")} label="Company" autoComplete="organization" />
            <Field {...field("jobTitle")} label="Job title" autoComplete="organization-title" />
          </div>
          <div className="field-row">
            <Field {...field("phone")} label="Phone" type="tel" autoComplete="tel" />
            <Field {...field("email")} label="E-mail" type="email" autoComplete="email" />
          </div>
          <div className="field-row">
            <Field {...field("phone2")} label="Second phone" type="tel" />
            <div className="field">
              <label htmlFor={phoneKindId}>Second phone is</label>
              <select
                id={phoneKindId}
                name="phone2Type"
                value={values.phone2Type || "mobile"}
                aria-invalid={errors.phone2Type ? true : undefined}
                onChange={(event) => onChange("phone2Type", event.target.value)}
              >
                <option value="mobile">Mobile</option>
                <option value="work">Work</option>
              </select>
              {errors.phone2Type ? <p className="field-error">{errors.phone2Type}</p> : null}
            </div>
          </div>
          <Field {...field("website")} label="Website" inputMode="url" autoComplete="url" />
          <fieldset className="field-group">
            <legend>Address</legend>
            <Field {...field("street")} label="Street" autoComplete="street-address" />
            <div className="field-row">
              <Field {...field("city")} label="City" autoComplete="address-level2" />
              <Field {...field("region")} label="State or region" autoComplete="address-level1" />
            </div>
            <div className="field-row">
              <Field {...field("postalCode")} label="Postal code" autoComplete="postal-code" />
              <Field {...field("country")} label="Country" autoComplete="country-name" />
            </div>
          </fieldset>
          <Field {...field("note")} label="Note" multiline />
        </>
      );
  }
}
