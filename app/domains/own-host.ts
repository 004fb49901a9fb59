// This service's own hostnames (issue #18), in a module of its own so that the loop guard of
// dynamic codes (issue #21) and the custom-host router share one rule without either's imports.

/** The Worker's names in wrangler.toml (production, staging): its workers.dev hostnames' first label. */
const WORKER_NAMES = ["qr-code-creator", "qr-code-creator-staging"];

/**
 * Whether a (lower-case) hostname is this Worker's own on workers.dev: `{name}.{account}.workers.dev`,
 * or a preview version's `{alias}-{name}.{account}.workers.dev`. Other people's Workers there are
 * not ours.
 */
export function isOwnWorkersDevHost(hostname: string): boolean {
  const labels = hostname.split(".");
  if (labels.length !== 4 || labels[2] !== "workers" || labels[3] !== "dev") return false;
  const first = labels[0]!;
  return WORKER_NAMES.some((name) => first === name || first.endsWith(`-${name}`));
}

/**
 * Whether a request's (lower-case) hostname is this service's own, where the app answers every
 * route (its pages and /s/ links) rather than a customer's domain: the app's hostname and its www,
 * the workers.dev one, and the loopback names of local runs. The custom-host router and the
 * dynamic codes' loop guard ask this one rule.
 */
export function isOwnHost(hostname: string, appHostname: string | null): boolean {
  return (
    hostname === "localhost" ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]" ||
    hostname.endsWith(".workers.dev") ||
    (appHostname !== null && (hostname === appHostname || hostname === `www.${appHostname}`))
  );
}
