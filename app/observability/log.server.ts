import { env } from "cloudflare:workers";

// One JSON object per line, which Workers Logs indexes field by field. Never a person's e-mail,
// network address or a secret: callers pass ids and counts.

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof LEVELS;

function threshold(): number {
  const configured = (env as { LOG_LEVEL?: string }).LOG_LEVEL;
  return configured && configured in LEVELS ? LEVELS[configured as LogLevel] : LEVELS.info;
}

export function log(level: LogLevel, event: string, fields: Record<string, unknown> = {}) {
  if (LEVELS[level] < threshold()) return;
  const line = JSON.stringify({ level, event, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}

/** An error's message and where it came from, for the logs only (never for a response). */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  return {
    error: `${error.name}: ${error.message}`,
    stack: error.stack?.split("\n").slice(0, 8).join("\n"),
    ...(error.cause ? { cause: String(error.cause) } : {}),
  };
}
