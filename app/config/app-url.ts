// Where this service is (issue #27): every absolute URL the app writes (e-mails, webhooks, API
// answers, share links, the tracked links inside images) starts with the configured APP_URL,
// never with the Host a request claims. Pure, so the configuration guard and the Worker share it.

/** Local runs without APP_URL (`npm start` passes http://localhost:$PORT, see vite.config.ts). */
export const LOCAL_APP_URL = "http://localhost:8787";

type Raw = Partial<Record<"APP_URL" | "APP_HOSTNAME", unknown>>;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * This service's origin (`https://qr.example.com`, no trailing slash) for `environment`; throws
 * a message naming what is wrong. Staging and production must set APP_URL (https, no path) and
 * APP_HOSTNAME, the hostname that the custom-host router takes for ours.
 */
export function resolveAppUrl(raw: Raw, environment: string): string {
  const problems: string[] = [];
  const origin = originOf(raw, environment, problems);
  if (problems.length > 0) throw new Error(problems.join("; "));
  return origin;
}

/** What is wrong with APP_URL and APP_HOSTNAME in `environment`, one message each (the guard). */
export function appUrlProblems(raw: Raw, environment: string): string[] {
  const problems: string[] = [];
  originOf(raw, environment, problems);
  return problems;
}

function originOf(raw: Raw, environment: string, problems: string[]): string {
  if (environment !== "development" && !text(raw.APP_HOSTNAME)) {
    problems.push(`APP_HOSTNAME is not set (required in ${environment})`);
  }
  const value = text(raw.APP_URL);
  if (!value) {
    if (environment === "development") return LOCAL_APP_URL;
    problems.push(
      `APP_URL is not set (required in ${environment}): the address every e-mailed link starts with`,
    );
    return "";
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push("APP_URL must be an address like https://qr.example.com");
    return "";
  }
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  if (!bare || (url.protocol !== "https:" && url.protocol !== "http:")) {
    problems.push("APP_URL must be an address like https://qr.example.com, with no path");
  } else if (environment !== "development" && url.protocol !== "https:") {
    problems.push(`APP_URL must start with https:// in ${environment}`);
  }
  return url.origin;
}
