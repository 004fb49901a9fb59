import { useCallback } from "react";
import { codeFromQuery } from "../../achievements/activity";
import { useReportUsage } from "../achievements/use-report-usage";
import { useToast } from "../toast";

/**
 * What a PNG or SVG download link does when clicked (the link itself downloads): say so, and count
 * the code shown as created (spec: downloads and saves count as created).
 */
export function useDownloadStarted(): (query: string) => void {
  const toast = useToast();
  const reportUsage = useReportUsage();
  return useCallback(
    (query: string) => {
      toast({ title: "Download started", variant: "success", duration: 2000 });
      reportUsage("download", codeFromQuery(query) ?? undefined);
    },
    [toast, reportUsage],
  );
}
