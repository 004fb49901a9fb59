import { LegalDocumentView } from "../components/legal-document";
import { termsOfService } from "../content/legal";
import { pageMeta } from "../seo";

export const meta = () =>
  pageMeta(
    "Terms of Service",
    "The terms for using QR Code Creator: accounts, plans, trials, billing and acceptable use.",
  );

export default function Terms() {
  return <LegalDocumentView document={termsOfService} />;
}
