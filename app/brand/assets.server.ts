import { env } from "cloudflare:workers";
import { describeError, log } from "../observability/log.server";
import { sha256Hex } from "../security/sha256";
import { deleteUnder } from "../storage/r2.server";
import { type BrandAssetKind, sniffBrandAsset } from "./brand";

// Brand logos and favicons (issue #18) in R2 under brands/{workspaceId}/{kind}/{sha256}, served
// from this service's host at /brand/{workspaceId}/{kind}/{sha256} and from a customer's host at
// /_brand/{kind}/{sha256}. The name carries the content's hash, so they are cached for a year and
// a new upload is a new address. They are served as the image their bytes are, never as
// anything that could run.

const PREFIX = "brands/";
const DIGEST = /^[0-9a-f]{64}$/;

export class BrandStoreError extends Error {
  constructor() {
    super("We could not store the image just now. Please try again in a minute.");
    this.name = "BrandStoreError";
  }
}

export async function storeBrandAsset(
  workspaceId: string,
  kind: BrandAssetKind,
  bytes: Uint8Array,
  type: string,
): Promise<string> {
  const key = `${PREFIX}${workspaceId}/${kind}/${await sha256Hex(bytes)}`;
  try {
    await env.LOGOS.put(key, bytes, { httpMetadata: { contentType: type } });
  } catch (cause) {
    log("warn", "brand_asset_store_failed", describeError(cause));
    throw new BrandStoreError();
  }
  return key;
}

/** Deletes a replaced or removed asset; a failure leaves an unreachable object, not an error. */
export async function deleteBrandAsset(key: string | null): Promise<void> {
  if (!key?.startsWith(PREFIX)) return;
  await env.LOGOS.delete(key).catch((cause: unknown) => {
    log("warn", "brand_asset_delete_failed", describeError(cause));
  });
}

/** Every brand image of the workspaces (they are being deleted). */
export async function deleteBrandAssetsOf(workspaceIds: string[]): Promise<number> {
  let deleted = 0;
  for (const id of workspaceIds) deleted += await deleteUnder(env.LOGOS, `${PREFIX}${id}/`);
  return deleted;
}

/** Where a page finds the asset stored under `key`: on a customer's host, or on ours. */
export function brandAssetPath(key: string, customHost: boolean): string {
  const [workspaceId, kind, digest] = key.slice(PREFIX.length).split("/");
  return customHost ? `/_brand/${kind}/${digest}` : `/brand/${workspaceId}/${kind}/${digest}`;
}

/** The stored image, or null (a 404) for anything else. */
export async function brandAssetResponse(
  workspaceId: string,
  kind: string,
  digest: string,
): Promise<Response | null> {
  if ((kind !== "logo" && kind !== "favicon") || !DIGEST.test(digest)) return null;
  const object = await env.LOGOS.get(`${PREFIX}${workspaceId}/${kind}/${digest}`);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  const type = sniffBrandAsset(kind, bytes);
  if (!type) return null;
  return new Response(bytes, {
    headers: {
      "Content-Type": type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
