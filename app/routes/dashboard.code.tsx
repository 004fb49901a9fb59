import { data, isRouteErrorResponse, useActionData } from "react-router";
import { requireUser } from "../auth/user.server";
import { CodePage } from "../components/dashboard/code-page";
import { ErrorCard } from "../components/error-card";
import { type CodePageAction, codePage, codePageAction } from "../dashboard/code-page.server";
import { createDatabase } from "../db/client.server";
import { pageMessage } from "../dashboard/code-messages";
import { useT } from "../i18n/i18n";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import { requireMembership } from "../workspaces/current.server";
import codePageCss from "../styles/code-page.css?url";
import type { Route } from "./+types/dashboard.code";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: codePageCss, precedence: "page" },
];

// A saved code's page: its image, content, design, scans and downloads, editing its design and
// content (issue #29 item 8), and a tracked code's destination, scheduled change and history
// (issue #21). The work is in app/dashboard/code-page.server.ts and
// app/components/dashboard/code-page.tsx.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const membership = await requireMembership(request, context);
  const page = await codePage(
    createDatabase(),
    membership,
    Number(params.id),
    await language(context),
  );
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  return codePageAction(
    request,
    createDatabase(),
    user,
    membership,
    Number(params.id),
    await language(context),
  );
}

/** The page follows the account's language (or the `lang` cookie); it has no locale prefix. */
async function language(context: Route.LoaderArgs["context"]) {
  return { t: await getT(context), code: (await getLocale(context)).code };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return pageMeta(
    loaderData ? t("code.meta.title", { title: loaderData.title }) : t("code.meta.fallbackTitle"),
    t("code.meta.description"),
  );
};

export default function CodeRoute({ loaderData }: Route.ComponentProps) {
  const action = useActionData<CodePageAction>();
  return <CodePage page={loaderData} action={action} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
      ? pageMessage(t, error.data)
      : undefined;
  return <ErrorCard status={status} message={message} />;
}
