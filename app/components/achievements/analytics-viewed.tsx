import { useEffect } from "react";
import { useReportUsage } from "./use-report-usage";

/**
 * Reports a visit to the dashboard's analytics tab: the checklist's "Open your analytics" for
 * every plan, and the premium achievement only when the plan shows real numbers (`withData`).
 */
export function AnalyticsViewed({ withData }: { withData: boolean }) {
  const reportUsage = useReportUsage();
  useEffect(() => {
    reportUsage("analytics");
    if (withData) reportUsage("analytics-data");
  }, [withData, reportUsage]);
  return null;
}
