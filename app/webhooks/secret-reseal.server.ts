import { and, eq, isNotNull, not, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { webhookEndpoints } from "../db/schema";
import { describeError, log } from "../observability/log.server";
import {
  configuredSecretKeys,
  openSecret,
  sealSecret,
  sealedUnderCurrent,
  type SecretKeys,
} from "./secret-box.server";

// The nightly migration of webhook signing secrets (issue #27, item 11d): secrets stored in plain
// text before encryption existed, and secrets sealed under the previous key during a rotation,
// are sealed again under the current key. Each row is written only if it has not changed since it
// was read, so a rotation meanwhile is never undone.

/** Rows per run; the rest wait for the next night. */
const PER_RUN = 500;

export async function resealWebhookSecrets(
  db: Database,
  keys?: SecretKeys,
): Promise<{ resealed: number; unreadable: number }> {
  const using = keys ?? (await configuredSecretKeys());
  const current = `enc:v1:${using.current.id}:%`;
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
    })
    .from(webhookEndpoints)
    .where(
      or(
        not(sql`${webhookEndpoints.secret} LIKE ${current}`),
        and(
          isNotNull(webhookEndpoints.previousSecret),
          not(sql`${webhookEndpoints.previousSecret} LIKE ${current}`),
        ),
      ),
    )
    .limit(PER_RUN);
  const reseal = async (stored: string) =>
    sealedUnderCurrent(stored, using) ? stored : sealSecret(await openSecret(stored, using), using);
  let unreadable = 0;
  const updates = [];
  for (const row of rows) {
    try {
      const secret = await reseal(row.secret);
      const previousSecret = row.previousSecret === null ? null : await reseal(row.previousSecret);
      updates.push(
        db
          .update(webhookEndpoints)
          .set({ secret, previousSecret })
          .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret))),
      );
    } catch (error) {
      unreadable += 1;
      log("warn", "webhook_secret_unreadable", { endpointId: row.id, ...describeError(error) });
    }
  }
  for (let i = 0; i < updates.length; i += 50) {
    const chunk = updates.slice(i, i + 50);
    if (chunk.length > 0) await db.batch(chunk as [(typeof chunk)[0], ...typeof chunk]);
  }
  return { resealed: updates.length, unreadable };
}
