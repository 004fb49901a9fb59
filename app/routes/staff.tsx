import { data, Link } from "react-router";
import { StaffNav } from "../components/staff/staff-nav";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import { STAFF_SECTIONS } from "../staff/sections";
import staffCss from "../styles/staff.css?url";
import type { Route } from "./+types/staff";

// The staff console's home (issue #31): one card per section. Staff only; others get the 404.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = await requireStaff(context);
  return data({ email: staff.email }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = () => [
  ...pageMeta("Staff console", "Operations and trust."),
  { name: "robots", content: "noindex" },
];

export default function StaffConsole({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container staff">
      <StaffNav />
      <header className="page-header">
        <h1>Staff console</h1>
        <p className="lead">Signed in as {loaderData.email}. Every action here is logged.</p>
      </header>
      <ul className="staff-sections">
        {STAFF_SECTIONS.map((section) => (
          <li key={section.href}>
            <h2>
              <Link to={section.href}>{section.title}</Link>
            </h2>
            <p className="muted">{section.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
