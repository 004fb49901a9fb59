import { LegalDocumentView } from "../components/legal-document";
import { privacyPolicy } from "../content/legal";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("legal.privacy.title"), t("legal.privacy.meta.description"));
};

export default function Privacy() {
  return <LegalDocumentView document={privacyPolicy} />;
}
