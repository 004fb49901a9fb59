import { useErrorText, useT } from "../../i18n/i18n";

/**
 * A message of the bulk modules (written in English, as the API answers) in the page's
 * language: the bulk page's own ("bulk.message.<English>"), else a shared schema's
 * ("zod.<English>", as FieldError finds it), else the English.
 */
export function useBulkMessage(): (message: string) => string {
  const t = useT();
  const errorText = useErrorText();
  return (message: string) => {
    const id = `bulk.message.${message}`;
    const text = t(id);
    return text === id ? errorText(message) : text;
  };
}
