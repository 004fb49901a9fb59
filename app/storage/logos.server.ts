import { env } from "cloudflare:workers";
import { describeError, log } from "../observability/log.server";
import { sniffLogo } from "../qr/logo";
import { sha256Hex } from "../security/sha256";
import { deleteUnder } from "./r2.server";
import type { Logo } from "../qr/png.server";

// Logos in R2 under their workspace, named by the content's hash (the same logo is stored once
// per workspace). They belong to the workspace, not to whoever uploaded them, so a member who
// deletes their account takes nothing from the team's codes (issue #27). They are read back only
// to be drawn into codes; the type is taken from the bytes again.
//
// Before issue #27 logos were stored under their uploader (`logos/{userId}/…`). Such a key is
// adopted by the code's workspace when it is next drawn, by the nightly job
// (app/jobs/logo-adoption.server.ts), and before its uploader's account is deleted.

/** Where every logo lives in the bucket: `logos/{workspaceId}/{sha256}`. */
export const LOGO_PREFIX = "logos/";

/** The workspace a logo key belongs to (or, for a key from before #27, its uploader). */
export function logoOwner(key: string): string {
  return key.slice(LOGO_PREFIX.length).split("/")[0]!;
}

/** A key from before #27, named after its uploader rather than a workspace (whose ids start "ws_"). */
export function isUploaderLogoKey(key: string): boolean {
  return key.startsWith(LOGO_PREFIX) && !logoOwner(key).startsWith("ws_");
}

/** The same logo's key in `workspaceId`. */
export function workspaceLogoKey(key: string, workspaceId: string): string {
  return `${LOGO_PREFIX}${workspaceId}/${key.split("/").pop()!}`;
}

/** R2 did not take the logo; nothing else was written. */
export class LogoStoreError extends Error {
  readonly title = "Upload failed";
  constructor() {
    super("We could not store your logo just now. Please try again in a minute.");
    this.name = "LogoStoreError";
  }
}

export async function storeLogo(workspaceId: string, logo: Logo): Promise<string> {
  const digest = await sha256Hex(logo.bytes);
  const key = `${LOGO_PREFIX}${workspaceId}/${digest}`;
  try {
    await env.LOGOS.put(key, logo.bytes, { httpMetadata: { contentType: logo.type } });
  } catch (cause) {
    log("warn", "logo_store_failed", describeError(cause));
    throw new LogoStoreError();
  }
  return key;
}

/**
 * The logo stored under `key`, if it belongs to one of `owners` (a workspace, or the uploader
 * of a key from before #27) and is still an image.
 */
export async function loadLogo(key: string, owners: string | string[]): Promise<Logo | null> {
  const allowed = Array.isArray(owners) ? owners : [owners];
  if (!allowed.some((owner) => key.startsWith(`${LOGO_PREFIX}${owner}/`))) return null;
  const object = await env.LOGOS.get(key);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  const type = sniffLogo(bytes);
  return type ? { bytes, type } : null;
}

/**
 * Copies a logo from before #27 into `workspaceId` (R2 cannot move or copy objects by itself).
 * Returns its workspace key, or null when the object is gone.
 */
export async function copyLogoToWorkspace(
  bucket: R2Bucket,
  key: string,
  workspaceId: string,
): Promise<string | null> {
  const target = workspaceLogoKey(key, workspaceId);
  if (await bucket.head(target)) return target;
  const object = await bucket.get(key);
  if (!object) return null;
  await bucket.put(target, await object.arrayBuffer(), { httpMetadata: object.httpMetadata });
  return target;
}

/**
 * Deletes every logo stored under `owner`: a workspace being deleted, or the uploader prefix of
 * an account being deleted (whose logos the workspaces that use them adopted first). Returns how
 * many.
 */
export function deleteLogosOf(owner: string): Promise<number> {
  return deleteUnder(env.LOGOS, `${LOGO_PREFIX}${owner}/`);
}
