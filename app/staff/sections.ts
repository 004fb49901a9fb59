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
    href: "/staff/support",
    title: "Support inbox",
    description: "Requests from customers, the ones waiting for us first.",
  },
  {
    href: "/staff/audit",
    title: "Staff audit log",
    description: "Every action taken in this console, by whom and when.",
  },
];
