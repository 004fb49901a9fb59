import { useCallback } from "react";
import { codeFromQuery } from "../../achievements/activity";
import { useReportUsage } from "../achievements/use-report-usage";
import { useT } from "../../i18n/i18n";
import { useToast } from "../toast";

/**
 * What a PNG or SVG download link does when clicked (the link itself downloads): say so, and count
 * the code shown as created (spec: downloads and saves count as created).
 */
export function useDownloadStarted(): (query: string) => void {
  const toast = useToast();
  const reportUsage = useReportUsage();
  const t = useT();
  return useCallback(
    (query: string) => {
      toast({ title: t("generator.toast.downloadStarted"), variant: "success", duration: 2000 });
      reportUsage("download", codeFromQuery(query) ?? undefined);
    },
    [toast, reportUsage, t],
  );
}
