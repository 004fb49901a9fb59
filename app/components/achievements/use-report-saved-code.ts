import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { type CreatedCode, codeFromQuery } from "../../achievements/activity";
import type { Toast } from "../toast";
import { useReportUsage } from "./use-report-usage";

/** The save form's fields that are not the code's settings. */
const NOT_SETTINGS = new Set(["title", "logo", "trackScans", "linkDomain", "intent"]);

function savedCode(form: FormData): CreatedCode | null {
  const settings = new URLSearchParams();
  for (const [name, value] of form) {
    if (!NOT_SETTINGS.has(name) && typeof value === "string") settings.append(name, value);
  }
  return codeFromQuery(settings.toString());
}

/**
 * Reports a saved code. Saving is a plain form post that redirects back home with a message, so
 * a success message arriving after a save's submission is the sign it worked. The home route
 * watches (not the generator, which starts afresh on the new address).
 */
export function useReportSavedCode(flash: Toast | null) {
  const navigation = useNavigation();
  const reportUsage = useReportUsage();
  const submitted = useRef<CreatedCode | null | undefined>(undefined);
  const form = navigation.formData;
  useEffect(() => {
    if (form?.has("title")) submitted.current = savedCode(form);
  }, [form]);
  useEffect(() => {
    if (navigation.state !== "idle" || submitted.current === undefined) return;
    const code = submitted.current;
    submitted.current = undefined;
    if (flash?.variant === "success") reportUsage("save", code ?? undefined);
  }, [navigation.state, flash, reportUsage]);
}
