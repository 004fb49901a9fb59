import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";

export const DEFAULT_SALES_EMAIL = "sales@qrcodecreator.app";

/** The configured sales address, loaded once by the root route for the footer and pages. */
export function useSalesEmail(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.salesEmail ?? DEFAULT_SALES_EMAIL;
}
