import { data } from "react-router";
import { NotFoundCard } from "../components/not-found-card";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("common.notFound.title"), t("common.notFound.metaDescription"));
};

export default function NotFound() {
  return <NotFoundCard />;
}
