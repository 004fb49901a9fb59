// The message catalogues' digest (issue #32), computed where the app is compiled: by the build
// (vite.config.ts) and by the test runners, which compile it too. Pages kept at the edge are keyed
// by it, so a deployment that changes only text starts afresh. Computed here, no request pays for
// hashing the catalogues (24–148 ms of CPU in Node, once per isolate, when the Worker did it).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The first 16 hex digits of a SHA-256 over every catalogue file, with its path. */
export function cataloguesDigest(root: string): string {
  const messages = join(root, "app/i18n/messages");
  const hash = createHash("sha256");
  for (const locale of readdirSync(messages).sort()) {
    for (const file of readdirSync(join(messages, locale)).sort()) {
      hash.update(`${locale}/${file}\0`);
      hash.update(readFileSync(join(messages, locale, file)));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** The `define` that gives the app its catalogues' digest as `__CATALOGUES_DIGEST__`. */
export function cataloguesDigestDefine(root: string): Record<string, string> {
  return { __CATALOGUES_DIGEST__: JSON.stringify(cataloguesDigest(root)) };
}
