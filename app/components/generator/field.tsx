import { useId } from "react";
import { useT } from "../../i18n/i18n";
import { generatorErrorText } from "./error-text";

/** The generator's validation messages in the page's language (error-text.ts). */
export function useGeneratorErrorText(): (message: string) => string {
  const t = useT();
  return (message: string) => generatorErrorText(t, message);
}

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
          {generatorErrorText(t, error)}
        </p>
      ) : null}
    </div>
  );
}
