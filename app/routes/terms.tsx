import { LegalDocumentView } from "../components/legal-document";
import { termsOfService } from "../content/legal";
import { getSettings } from "../env.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/terms";

export function loader() {
  return { salesEmail: getSettings().SALES_EMAIL };
}

export const meta = () =>
  pageMeta(
    "Terms of Service",
    "The terms for using QR Code Creator: accounts, plans, trials, billing and acceptable use.",
  );

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView document={termsOfService} salesEmail={loaderData.salesEmail} />;
}
