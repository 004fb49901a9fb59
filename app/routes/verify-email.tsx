import { data } from "react-router";
import {
  MAIL_NOT_SENT,
  resendVerification,
  tokenProblem,
  verifyEmail,
} from "../accounts/recovery.server";
import { redirectWithToast } from "../auth/flash.server";
import { safeRedirectPath } from "../auth/redirect";
import { requireUser } from "../auth/user.server";
import { LinkProblem } from "../components/auth/link-problem";
import { createDatabase } from "../db/client.server";
import { useErrorText, useLocalePath, useT } from "../i18n/i18n";
import { getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/verify-email";

/** GET /verify-email?token=: the link of the verification e-mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await verifyEmail(createDatabase(), token);
  if (outcome.ok) {
    const t = await getT(context);
    return redirectWithToast(request, "/dashboard", {
      title: t("auth.verify.done.title"),
      description: t("auth.verify.done.text"),
      variant: "success",
    });
  }
  const problem: ReturnType<typeof tokenProblem> =
    outcome.reason === "changed"
      ? { status: 410, title: "This link is for an old address" }
      : tokenProblem(outcome.reason);
  return data(
    { title: problem.title, explanation: problem.explanation },
    { status: problem.status, headers: { "Cache-Control": "no-store" } },
  );
}

/** POST /verify-email: "Resend e-mail" of the banner, then back to the page it was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const back = safeRedirectPath((await request.formData()).get("redirect"));
  const t = await getT(context);
  if (user.emailVerified) {
    return redirectWithToast(request, back, { title: t("auth.verify.already") });
  }
  const outcome = await resendVerification(createDatabase(), request, user);
  return redirectWithToast(
    request,
    back,
    outcome.ok
      ? {
          title: t("auth.verify.sent.title"),
          description: t("auth.verify.sent.text"),
          variant: "success",
        }
      : {
          title: t(
            outcome.message === MAIL_NOT_SENT ? "auth.verify.notSent" : "auth.verify.notYet",
          ),
          description: t(`zod.${outcome.message}`),
          variant: "error",
        },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("auth.verify.meta.title"), t("auth.verify.meta.description"));
};

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const localePath = useLocalePath();
  return (
    <LinkProblem
      title={errorText(loaderData.title)}
      explanation={[
        loaderData.explanation ? errorText(loaderData.explanation) : null,
        t("auth.verify.howToResend"),
      ]
        .filter(Boolean)
        .join(" ")}
      action={{ to: localePath("/auth?mode=signin"), label: t("auth.signin.title") }}
    />
  );
}
