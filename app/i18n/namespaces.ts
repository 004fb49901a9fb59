// Which message files a page needs (issue #32: only the current page's messages go to the
// browser). One namespace per page or area; "common" is the shell every page draws. Pure.

export const NAMESPACES = [
  "common",
  "generator",
  "pricing",
  "faq",
  "help",
  "legal",
  "auth",
  "account",
  "dashboard",
  "code",
  "team",
  "integrations",
  "bulk",
  "support",
  "billing",
  "scan",
  "tour",
  "achievements",
  "docs",
  // Server only: e-mails are rendered by the Worker and never shipped to a browser.
  "mail",
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/** Server-only namespaces: never sent to the browser. */
export const SERVER_NAMESPACES: readonly Namespace[] = ["mail"];

const DASHBOARD: Namespace[] = [
  "dashboard",
  "code",
  "generator",
  "team",
  "integrations",
  "billing",
  "pricing",
  "tour",
  "achievements",
];

// The first rule whose prefix matches wins; paths are without a locale prefix.
const RULES: [prefix: string, namespaces: Namespace[]][] = [
  ["/pricing", ["pricing", "billing"]],
  ["/faq", ["faq", "pricing"]],
  ["/help", ["help"]],
  ["/privacy", ["legal"]],
  ["/terms", ["legal"]],
  ["/auth", ["auth"]],
  ["/signin", ["auth"]],
  ["/forgot-password", ["auth"]],
  ["/reset-password", ["auth"]],
  ["/verify-email", ["auth"]],
  ["/invite/", ["auth", "team"]],
  ["/account", ["account", "auth"]],
  ["/dashboard", DASHBOARD],
  ["/bulk", ["bulk", "generator"]],
  ["/support", ["support"]],
  ["/checkout", ["billing", "pricing"]],
  ["/trial", ["billing", "pricing"]],
  ["/payment-success", ["billing", "pricing"]],
  ["/receipts/", ["billing", "pricing"]],
  ["/s/", ["scan"]],
  ["/docs/", ["docs"]],
  ["/staff", []],
  // The "not configured" page of a sign-in provider (components/provider-not-configured.tsx).
  ["/api/auth/google", ["auth"]],
  ["/api/login", ["auth"]],
  ["/api/callback", ["auth"]],
];

/** The namespaces the page at `path` (without a locale prefix) shows, "common" first. */
export function namespacesFor(path: string): Namespace[] {
  if (path === "/" || path === "")
    return ["common", "generator", "pricing", "tour", "achievements"];
  const rule = RULES.find(
    ([prefix]) =>
      path === prefix ||
      path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`) ||
      path.startsWith(prefix + "?"),
  );
  return ["common", ...(rule ? rule[1] : [])];
}
