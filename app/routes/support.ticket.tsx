import { data, Link } from "react-router";
import { requireUser } from "../auth/user.server";
import { CloseForm, ReplyForm } from "../components/support/forms";
import { Thread } from "../components/support/thread";
import { StatusBadge, TicketPromise } from "../components/support/ticket-list";
import { createDatabase } from "../db/client.server";
import { useT } from "../i18n/i18n";
import { getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import { personAction, ticketPage } from "../support/tickets.server";
import supportCss from "../styles/support.css?url";
import type { Route } from "./+types/support.ticket";

// One of the person's support requests (issue #19): its messages, a reply form and "Close".

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: supportCss, precedence: "page" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const page = await ticketPage(createDatabase(), user, params.id, new Date(), await getT(context));
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const t = await getT(context);
  return personAction(request, createDatabase(), user, params.id, new Date(), t);
}

export const meta: Route.MetaFunction = ({ loaderData: page, matches }) => {
  const t = metaT(matches);
  return pageMeta(
    page ? page.ticket.subject : t("support.ticket.meta.title"),
    t("support.ticket.meta.description"),
  );
};

export default function SupportTicket({ loaderData: page, actionData }: Route.ComponentProps) {
  const { ticket, messages } = page;
  const closed = ticket.status === "closed";
  const t = useT();
  return (
    <section className="container narrow support">
      <p>
        <Link to="/support">{t("support.ticket.back")}</Link>
      </p>
      <h1>{ticket.subject}</h1>
      <p className="support-facts">
        <StatusBadge ticket={ticket} />{" "}
        <span className="muted">{t(`support.category.${ticket.categoryId}`)}</span>
        {ticket.codeId ? (
          <span className="muted"> · {t("support.ticket.aboutCode", { id: ticket.codeId })}</span>
        ) : null}
      </p>
      <p>
        <TicketPromise ticket={ticket} />
      </p>
      <Thread messages={messages} staffView={false} />
      <section className="card" aria-labelledby="reply-heading">
        <h2 id="reply-heading">
          {closed ? t("support.ticket.reopen") : t("support.ticket.reply")}
        </h2>
        <ReplyForm
          lastResult={actionData?.result}
          label={t("support.ticket.yourMessage")}
          hint={closed ? t("support.ticket.closedHint") : t("support.ticket.replyHint")}
        />
        {closed ? null : <CloseForm label={t("support.ticket.close")} />}
      </section>
    </section>
  );
}
