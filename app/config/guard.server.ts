import { env } from "cloudflare:workers";
import { log } from "../observability/log.server";
import { configurationProblems } from "./problems";

let problems: string[] | undefined;

/**
 * Checked once per isolate. A deployed environment with a missing or malformed setting answers
 * every request with a plain 503 rather than half working; local runs only warn, since they
 * need no set-up at all. Either way the log names each setting that is wrong.
 */
export function configurationFailure(requestId: string): Response | null {
  if (problems === undefined) {
    problems = configurationProblems(env as unknown as Record<string, unknown>);
    if (problems.length > 0) log("error", "configuration_invalid", { problems });
  }
  const environment = (env as { ENVIRONMENT?: string }).ENVIRONMENT || "development";
  if (problems.length === 0 || environment === "development") return null;
  return new Response(
    `QR Code Creator is temporarily unavailable while its configuration is completed. Please try again later.\n\nReference: ${requestId}\n`,
    {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "300",
      },
    },
  );
}
