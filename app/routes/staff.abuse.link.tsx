import { data, Link } from "react-router";
import { abuseLinkPage } from "../abuse/queue.server";
import { staffAbuseAction } from "../abuse/takedown.server";
import { LinkActions, LinkFacts, ReportList } from "../components/staff/abuse";
import { StaffNav } from "../components/staff/staff-nav";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import staffCss from "../styles/staff.css?url";
import type { Route } from "./+types/staff.abuse.link";

// One short link as staff see it (issue #31): where it leads, whose it is, every report of it,
// and Disable / Enable / Dismiss reports (the queue's forms post here too).

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  await requireStaff(context);
  const page = await abuseLinkPage(createDatabase(), params.slug);
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const staff = await requireStaff(context);
  return staffAbuseAction(request, createDatabase(), staff, params.slug);
}

export const meta = ({ params }: Route.MetaArgs) => [
  ...pageMeta(`Link ${params.slug}`, "A reported link."),
  { name: "robots", content: "noindex" },
];

export default function StaffAbuseLink({ loaderData, actionData }: Route.ComponentProps) {
  const { link, reports } = loaderData;
  return (
    <section className="container staff">
      <StaffNav />
      <p>
        <Link to="/staff/abuse">← Abuse reports</Link>
      </p>
      <h1>Link {link.slug}</h1>
      <div className="card staff-abuse-link">
        <LinkFacts link={link} />
        <LinkActions link={link} back="link" error={actionData?.error} />
      </div>
      <h2>Reports</h2>
      <ReportList reports={reports} />
    </section>
  );
}
