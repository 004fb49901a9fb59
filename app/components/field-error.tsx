import { useErrorText } from "../i18n/i18n";

/** A form field's first problem, referenced by the input's aria-describedby (`id`). */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const errorText = useErrorText();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errorText(errors[0] ?? "")}
    </p>
  );
}
