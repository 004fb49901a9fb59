import { LegalDocumentView } from "../components/legal-document";
import { termsOfService } from "../content/legal";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("legal.terms.title"), t("legal.terms.meta.description"));
};

export default function Terms() {
  return <LegalDocumentView document={termsOfService} />;
}
