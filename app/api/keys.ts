import type { WorkspaceAction } from "../workspaces/roles";

// API keys (issue #16), pure: their shape, their scopes and what each scope lets a key do in
// terms of the one role table.

/** Recognisable to secret scanners (GitHub, GitLab and others match on a fixed prefix). */
export const KEY_PREFIX = "qrc_";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 40;

/** At most this many keys that still work (not revoked) per workspace. */
export const MAX_KEYS_PER_WORKSPACE = 20;

export const API_SCOPES = [
  "codes:read",
  "codes:write",
  "analytics:read",
  "webhooks:write",
  "styles:read",
  "styles:write",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  "codes:read": "List, read and download saved codes, and read usage",
  "codes:write": "Create images, save, change and delete codes",
  "analytics:read": "Read scans and downloads per code",
  "webhooks:write": "Subscribe and unsubscribe webhook endpoints (REST hooks, as Zapier uses them)",
  "styles:read": "List the workspace's brand styles (saved designs)",
  "styles:write": "Save and delete brand styles",
};

/** A scope is the permission of the role table it stands for. */
export const SCOPE_ACTIONS: Record<ApiScope, WorkspaceAction> = {
  "codes:read": "codes.view",
  "codes:write": "codes.manage",
  "analytics:read": "analytics.view",
  "webhooks:write": "integrations.manage",
  "styles:read": "codes.view",
  "styles:write": "styles.manage",
};

export function isApiScope(value: unknown): value is ApiScope {
  return API_SCOPES.includes(value as ApiScope);
}

/** A new secret key: the prefix and 40 base-62 characters (about 238 bits). */
export function newApiKey(): string {
  let secret = "";
  while (secret.length < SECRET_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(SECRET_LENGTH))) {
      // 248 = 4 × 62: dropping the rest keeps every character equally likely.
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += ALPHABET[byte % 62];
    }
  }
  return `${KEY_PREFIX}${secret}`;
}

/** True when `value` has the shape of one of our keys (checked before any lookup). */
export function looksLikeApiKey(value: string): boolean {
  return new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`).test(value);
}

/** What the key list shows of a key: "qrc_" and its last four characters. */
export function lastFour(key: string): string {
  return key.slice(-4);
}
