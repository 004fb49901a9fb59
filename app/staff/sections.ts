// The staff console's sections (issue #31), in the order an operator needs them. The console's
// home page and every staff page's navigation are drawn from this one list.

export interface StaffSection {
  href: string;
  title: string;
  description: string;
}

export const STAFF_SECTIONS: readonly StaffSection[] = [
  // First: what an operator opens first.
  {
    href: "/staff/health",
    title: "Health",
    description: "Queues, crons, stuck bulk jobs, disabled webhooks, failed mail, the 5xx rate.",
  },
  {
    href: "/staff/abuse",
    title: "Abuse reports",
    description: "Reported links, the most reported first: disable one or dismiss its reports.",
  },
  {
    href: "/staff/support",
    title: "Support inbox",
    description: "Requests from customers, the ones waiting for us first.",
  },
  {
    href: "/staff/lookup",
    title: "Lookup",
    description: "People and workspaces by e-mail, custom domain, short link or id; suspensions.",
  },
  {
    href: "/staff/blocklist",
    title: "Domain blocklist",
    description: "Domains no tracked link may lead to, and the links already leading there.",
  },
  {
    href: "/staff/audit",
    title: "Staff audit log",
    description: "Every action taken in this console, by whom and when.",
  },
];
