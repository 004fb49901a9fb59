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
import { pageMeta } from "../seo";
import type { Route } from "./+types/verify-email";

/** GET /verify-email?token=: the link of the verification e-mail. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await verifyEmail(createDatabase(), token);
  if (outcome.ok) {
    return redirectWithToast(request, "/dashboard", {
      title: "Email verified",
      description: "Thank you: your e-mail address is confirmed.",
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
  if (user.emailVerified) {
    return redirectWithToast(request, back, { title: "Your e-mail address is already confirmed" });
  }
  const outcome = await resendVerification(createDatabase(), request, user);
  return redirectWithToast(
    request,
    back,
    outcome.ok
      ? {
          title: "Verification e-mail sent",
          description: "Open the link in it to confirm your address.",
          variant: "success",
        }
      : {
          title: outcome.message === MAIL_NOT_SENT ? "E-mail not sent" : "Not sent yet",
          description: outcome.message,
          variant: "error",
        },
  );
}

export const meta = () => pageMeta("Confirm your e-mail address", "Confirming an e-mail address.");

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <LinkProblem
      title={loaderData.title}
      explanation={[
        loaderData.explanation,
        "Sign in and use “Resend e-mail” in the banner at the top of the page to get a new link. Each link works once, for 48 hours, and only for the address it was sent to.",
      ]
        .filter(Boolean)
        .join(" ")}
      action={{ to: "/auth?mode=signin", label: "Sign in" }}
    />
  );
}
