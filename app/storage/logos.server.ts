import { env } from "cloudflare:workers";
import { describeError, log } from "../observability/log.server";
import { sniffLogo } from "../qr/logo";
import { sha256Hex } from "../security/sha256";
import { deleteUnder } from "./r2.server";
import type { Logo } from "../qr/png.server";

// Logos in R2 under a per-user key named by the content's hash (the same logo is stored once).
// They are read back only to be drawn into codes; the type is taken from the bytes again.

/** Where every logo lives in the bucket: `logos/{userId}/{sha256}`. */
export const LOGO_PREFIX = "logos/";

/** The user a logo key belongs to. */
export function logoOwner(key: string): string {
  return key.slice(LOGO_PREFIX.length).split("/")[0]!;
}

/** R2 did not take the logo; nothing else was written. */
export class LogoStoreError extends Error {
  readonly title = "Upload failed";
  constructor() {
    super("We could not store your logo just now. Please try again in a minute.");
    this.name = "LogoStoreError";
  }
}

export async function storeLogo(userId: string, logo: Logo): Promise<string> {
  const digest = await sha256Hex(logo.bytes);
  const key = `${LOGO_PREFIX}${userId}/${digest}`;
  try {
    await env.LOGOS.put(key, logo.bytes, { httpMetadata: { contentType: logo.type } });
  } catch (cause) {
    log("warn", "logo_store_failed", describeError(cause));
    throw new LogoStoreError();
  }
  return key;
}

/** The logo stored under `key`, if it belongs to `userId` and is still an image. */
export async function loadLogo(key: string, userId: string): Promise<Logo | null> {
  if (!key.startsWith(`${LOGO_PREFIX}${userId}/`)) return null;
  const object = await env.LOGOS.get(key);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  const type = sniffLogo(bytes);
  return type ? { bytes, type } : null;
}

/** Deletes every logo the user ever uploaded (their account is being deleted); returns how many. */
export function deleteLogosOf(userId: string): Promise<number> {
  return deleteUnder(env.LOGOS, `${LOGO_PREFIX}${userId}/`);
}
