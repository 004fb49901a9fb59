import { useLingui } from "@lingui/react";
import { useErrorText } from "../../i18n/i18n";

/**
 * A message of the bulk modules (written in English, as the API answers) in the page's
 * language: the bulk page's own ("bulk.message.<English>"), else a shared schema's
 * ("zod.<English>", as FieldError finds it), else the text as it came (a message the action
 * already said in the page's language from its phrase, or English).
 */
export function useBulkMessage(): (message: string) => string {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  return (message: string) => {
    const id = `bulk.message.${message}`;
    return id in i18n.messages ? i18n._(id) : errorText(message);
  };
}
