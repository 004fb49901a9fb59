import { env } from "cloudflare:workers";
import type { Database } from "../db/client.server";
import type { QrCodeRecord } from "../db/schema";
import { replaceLogoKey } from "../models/qr-codes.server";
import type { Logo } from "../qr/png.server";
import { copyLogoToWorkspace, isUploaderLogoKey, loadLogo } from "../storage/logos.server";

// A saved code's logo belongs to the code's workspace (issue #27). A code saved before then still
// names its uploader's copy: the workspace adopts it (a copy under the workspace, and the code's
// key changed) the first time it is needed, so that the uploader leaving takes nothing away.

/**
 * Gives `workspaceId` its own copy of a logo from before #27; its new key, or null when the
 * object is gone (its codes, drawn without it already, then stop naming it).
 */
export async function adoptLogo(
  db: Database,
  bucket: R2Bucket,
  key: string,
  workspaceId: string,
): Promise<string | null> {
  const adopted = await copyLogoToWorkspace(bucket, key, workspaceId);
  await replaceLogoKey(db, workspaceId, key, adopted);
  return adopted;
}

/** The logo drawn into a saved code, from its workspace's storage. */
export async function codeLogo(db: Database, code: QrCodeRecord): Promise<Logo | null> {
  if (!code.logoUrl) return null;
  if (!code.workspaceId) return loadLogo(code.logoUrl, code.userId);
  const key = isUploaderLogoKey(code.logoUrl)
    ? await adoptLogo(db, env.LOGOS, code.logoUrl, code.workspaceId)
    : code.logoUrl;
  return key ? loadLogo(key, code.workspaceId) : null;
}
