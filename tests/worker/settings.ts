import { env } from "cloudflare:workers";

/**
 * Runs `action` with some settings changed (undefined removes one), as an operator who left them
 * out would. Each test file has its own Worker, so nothing leaks into other files.
 */
export async function withSettings<T>(
  changes: Record<string, string | undefined>,
  action: () => Promise<T>,
) {
  const settings = env as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(changes).map((name) => [name, settings[name]]));
  Object.assign(settings, changes);
  try {
    return await action();
  } finally {
    Object.assign(settings, saved);
  }
}
