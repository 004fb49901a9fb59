import { useId } from "react";
import { useErrorText, useT } from "../../i18n/i18n";

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "tel";
  inputMode?: "url" | "text" | "email" | "tel";
  multiline?: boolean;
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
}

/** A labelled input whose error is announced with it (aria-describedby). */
export function Field({
  name,
  label,
  value,
  error,
  hint,
  onChange,
  type = "text",
  inputMode,
  multiline,
  autoComplete = "off",
  placeholder,
  required,
}: FieldProps) {
  const id = useId();
  const t = useT();
  // The preview's refusals come translated (error-text.ts, on the server and in the live preview);
  // a schema's fixed message, such as the dashboard's, is looked up here.
  const errorText = useErrorText();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  const common = {
    id,
    name,
    value,
    placeholder,
    autoComplete,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy.length ? describedBy.join(" ") : undefined,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="optional"> {t("generator.field.optional")}</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          // Addresses and numbers read left to right, in a right-to-left page too.
          dir={type !== "text" || inputMode === "url" ? "ltr" : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}
