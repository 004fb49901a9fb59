import { LegalDocumentView } from "../components/legal-document";
import { privacyPolicy } from "../content/legal";
import { getSettings } from "../env.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/privacy";

export function loader() {
  return { salesEmail: getSettings().SALES_EMAIL };
}

export const meta = () =>
  pageMeta(
    "Privacy Policy",
    "What QR Code Creator stores about you, why, for how long, and how to have it deleted.",
  );

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView document={privacyPolicy} salesEmail={loaderData.salesEmail} />;
}
