import { Buffer } from "node:buffer";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { apiIdempotency } from "../db/schema";
import { sha256Hex } from "../security/sha256";
import { ApiProblem } from "./problem";

// Idempotency-Key on POST (issue #16): the first answer to a key's (Idempotency-Key, body) is
// kept 24 hours and sent again for a retry; the same Idempotency-Key with another body is a
// 422, and while the first request still runs, a 409. Only answers below 500 are kept: a
// server failure may be retried for real.

export const IDEMPOTENCY_HOURS = 24;
const WINDOW_MS = IDEMPOTENCY_HOURS * 60 * 60 * 1000;

export type Claim =
  | { kind: "replay"; response: Response }
  | { kind: "first"; keep: (response: Response) => Promise<Response> };

/**
 * Claims (key, Idempotency-Key) for this request body. Returns the kept answer of an earlier
 * identical request, or a `keep` that stores this request's answer once it is known.
 */
export async function claimIdempotencyKey(
  db: Database,
  apiKeyId: string,
  idempotencyKey: string,
  body: ArrayBuffer,
  now = new Date(),
): Promise<Claim> {
  if (idempotencyKey.length > 255) {
    throw new ApiProblem("invalid_request", "Idempotency-Key can be at most 255 characters.", [
      { field: "Idempotency-Key", message: "At most 255 characters." },
    ]);
  }
  const requestHash = await sha256Hex(body);
  const where = and(
    eq(apiIdempotency.apiKeyId, apiKeyId),
    eq(apiIdempotency.idempotencyKey, idempotencyKey),
  );
  // An entry older than the window is forgotten, so the key can be used again.
  await db
    .delete(apiIdempotency)
    .where(and(where, lt(apiIdempotency.createdAt, new Date(now.getTime() - WINDOW_MS))));
  const claimed = await db
    .insert(apiIdempotency)
    .values({ apiKeyId, idempotencyKey, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ createdAt: apiIdempotency.createdAt });
  if (claimed.length === 0) {
    const earlier = await db.select().from(apiIdempotency).where(where).get();
    if (earlier && earlier.requestHash !== requestHash) {
      throw new ApiProblem(
        "idempotency_key_reused",
        "This Idempotency-Key was used with a different request body in the last 24 hours. Use a new key for a new request.",
      );
    }
    if (!earlier || earlier.status === null) {
      throw new ApiProblem(
        "idempotency_key_in_use",
        "A request with this Idempotency-Key is still being handled. Try again in a moment.",
        undefined,
        { "Retry-After": "1" },
      );
    }
    return {
      kind: "replay",
      response: new Response(earlier.body ? new Uint8Array(earlier.body) : null, {
        status: earlier.status,
        headers: {
          ...(earlier.contentType ? { "Content-Type": earlier.contentType } : {}),
          "Cache-Control": "no-store",
          "Idempotent-Replayed": "true",
        },
      }),
    };
  }
  return {
    kind: "first",
    keep: async (response) => {
      if (response.status >= 500) {
        await db.delete(apiIdempotency).where(and(where, isNull(apiIdempotency.status)));
        return response;
      }
      const bytes = await response.arrayBuffer();
      await db
        .update(apiIdempotency)
        .set({
          status: response.status,
          contentType: response.headers.get("Content-Type"),
          body: Buffer.from(bytes),
        })
        .where(where);
      return new Response(bytes, { status: response.status, headers: response.headers });
    },
  };
}

/** Forgets the answers older than the window (the nightly job); reports how many went. */
export async function purgeIdempotencyKeys(db: Database, now: Date): Promise<{ deleted: number }> {
  const gone = await db
    .delete(apiIdempotency)
    .where(lt(apiIdempotency.createdAt, new Date(now.getTime() - WINDOW_MS)))
    .returning({ key: apiIdempotency.idempotencyKey });
  return { deleted: gone.length };
}
