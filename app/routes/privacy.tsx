import { LegalDocumentView } from "../components/legal-document";
import { privacyPolicy } from "../content/legal";
import { pageMeta } from "../seo";

export const meta = () =>
  pageMeta(
    "Privacy Policy",
    "What QR Code Creator stores about you, why, for how long, and how to have it deleted.",
  );

export default function Privacy() {
  return <LegalDocumentView document={privacyPolicy} />;
}
