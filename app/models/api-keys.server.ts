import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { lastFour, MAX_KEYS_PER_WORKSPACE, newApiKey, type ApiScope } from "../api/keys";
import type { Database } from "../db/client.server";
import { type ApiKeyRecord, apiKeys, users, type WorkspaceRole, workspaces } from "../db/schema";
import type { PlanId } from "../plans/catalogue";
import type { PlanState } from "../plans/effective";
import { type AuditActor, recordAudit } from "../workspaces/audit.server";
import { hashToken } from "./account-tokens.server";

// The workspace's API keys: made and revoked on the dashboard's API tab, looked up by hash on
// every /api/v1 request.

export interface NewApiKey {
  workspaceId: string;
  actor: AuditActor;
  name: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
}

/**
 * Makes a key if the workspace has fewer than MAX_KEYS_PER_WORKSPACE working ones (checked in
 * the same statement, so two at once cannot both take the last place). Returns the key, to be
 * shown once, or null when the workspace is full.
 */
export async function createApiKey(
  db: Database,
  input: NewApiKey,
  now = new Date(),
): Promise<{ id: string; key: string } | null> {
  const key = newApiKey();
  const id = `key_${crypto.randomUUID()}`;
  const working = db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, input.workspaceId), isNull(apiKeys.revokedAt)));
  const [inserted] = await db.batch([
    db
      .insert(apiKeys)
      .select(
        db
          .select({
            id: sql`${id}`.as("id"),
            workspaceId: sql`${input.workspaceId}`.as("workspace_id"),
            createdBy: sql`${input.actor.id}`.as("created_by"),
            name: sql`${input.name}`.as("name"),
            tokenHash: sql`${await hashToken(key)}`.as("token_hash"),
            lastFour: sql`${lastFour(key)}`.as("last_four"),
            scopes: sql`${JSON.stringify(input.scopes)}`.as("scopes"),
            expiresAt: sql`${input.expiresAt?.getTime() ?? null}`.as("expires_at"),
            lastUsedAt: sql`NULL`.as("last_used_at"),
            revokedAt: sql`NULL`.as("revoked_at"),
            createdAt: sql`${now.getTime()}`.as("created_at"),
          })
          .from(workspaces)
          .where(
            and(
              eq(workspaces.id, input.workspaceId),
              sql`(${working}) < ${MAX_KEYS_PER_WORKSPACE}`,
            ),
          ),
      )
      .returning({ id: apiKeys.id }),
    recordAudit(
      db,
      {
        workspaceId: input.workspaceId,
        actor: input.actor,
        action: "api_key.created",
        target: id,
        details: { name: input.name, scopes: input.scopes },
      },
      { onlyIf: sql`EXISTS (SELECT 1 FROM api_keys WHERE id = ${id})`, now },
    ),
  ]);
  return inserted.length > 0 ? { id, key } : null;
}

export interface ListedApiKey extends ApiKeyRecord {
  creatorName: string | null;
  creatorEmail: string | null;
}

/** The workspace's keys, newest first, with who made them. */
export async function listApiKeys(db: Database, workspaceId: string): Promise<ListedApiKey[]> {
  const rows = await db
    .select({
      key: apiKeys,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt))
    .all();
  return rows.map(({ key, firstName, lastName, email }) => ({
    ...key,
    creatorName: [firstName, lastName].filter(Boolean).join(" ") || null,
    creatorEmail: email,
  }));
}

/** Revokes a working key of the workspace; returns its name, or null when there is none. */
export async function revokeApiKey(
  db: Database,
  workspaceId: string,
  id: string,
  actor: AuditActor,
  now = new Date(),
): Promise<string | null> {
  const target = and(
    eq(apiKeys.id, id),
    eq(apiKeys.workspaceId, workspaceId),
    isNull(apiKeys.revokedAt),
  );
  const key = await db.select({ name: apiKeys.name }).from(apiKeys).where(target).get();
  if (!key) return null;
  const [revoked] = await db.batch([
    db.update(apiKeys).set({ revokedAt: now }).where(target).returning({ id: apiKeys.id }),
    recordAudit(
      db,
      { workspaceId, actor, action: "api_key.revoked", target: id, details: { name: key.name } },
      {
        onlyIf: sql`EXISTS (SELECT 1 FROM api_keys WHERE id = ${id} AND revoked_at = ${now.getTime()})`,
        now,
      },
    ),
  ]);
  return revoked.length > 0 ? key.name : null;
}

/**
 * Revokes every working key `maker` made in the workspace (they left, were removed, or lost
 * api.manage), with an audit entry per key saying why. Returns the names of the keys revoked.
 */
export async function revokeKeysMadeBy(
  db: Database,
  workspaceId: string,
  maker: { id: string; email: string },
  actor: AuditActor,
  now = new Date(),
): Promise<{ id: string; name: string }[]> {
  const target = and(
    eq(apiKeys.workspaceId, workspaceId),
    eq(apiKeys.createdBy, maker.id),
    isNull(apiKeys.revokedAt),
  );
  const keys = await db
    .select({ id: apiKeys.id, name: apiKeys.name })
    .from(apiKeys)
    .where(target)
    .all();
  if (keys.length === 0) return [];
  const [revoked] = await db.batch([
    db.update(apiKeys).set({ revokedAt: now }).where(target).returning({ id: apiKeys.id }),
    ...keys.map((key) =>
      recordAudit(
        db,
        {
          workspaceId,
          actor,
          action: "api_key.revoked",
          target: key.id,
          details: { name: key.name, email: maker.email, reason: "membership" },
        },
        {
          onlyIf: sql`EXISTS (SELECT 1 FROM api_keys WHERE id = ${key.id} AND revoked_at = ${now.getTime()})`,
          now,
        },
      ),
    ),
  ]);
  const done = new Set(revoked.map((key) => key.id));
  return keys.filter((key) => done.has(key.id));
}

/** A key found by its hash: what a request needs of it, its workspace and the owner's plan. */
export interface KeyHolder {
  key: {
    id: string;
    scopes: string[];
    expiresAt: Date | null;
    revokedAt: Date | null;
    lastUsedAt: Date | null;
  };
  /** `suspendedReason` is set while staff have suspended the workspace (issue #31). */
  workspace: { id: string; name: string; suspended: boolean; suspendedReason: string | null };
  /** The workspace owner's subscription, which gives the workspace its plan. */
  ownerPlan: PlanState;
  /** Who the key acts as in the records (codes made, the audit log): its maker. */
  actor: AuditActor;
  /**
   * The maker's role in the workspace now; null when they are no longer a member (a key acts
   * with its maker's current membership, ARCHITECTURE.md decision 18).
   */
  makerRole: WorkspaceRole | null;
}

interface KeyRow {
  id: string;
  scopes: string;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  workspace_id: string;
  workspace_name: string;
  suspended_at: number | null;
  suspended_reason: string | null;
  owner_id: string;
  owner_email: string;
  subscription_plan: PlanId;
  subscription_status: string;
  is_trial_active: number;
  trial_start_date: number | null;
  trial_end_date: number | null;
  stripe_subscription_id: string | null;
  created_by: string | null;
  creator_email: string | null;
  maker_role: WorkspaceRole | null;
}

// Every /api/v1 request runs this: a prepared statement rather than the query builder, whose
// building costs more CPU than the lookup itself (npm run bench measures it).
const FIND_KEY = `SELECT k.id, k.scopes, k.expires_at, k.revoked_at, k.last_used_at,
    w.id AS workspace_id, w.name AS workspace_name, w.suspended_at, w.suspended_reason,
    o.id AS owner_id, o.email AS owner_email, o.subscription_plan, o.subscription_status,
    o.is_trial_active, o.trial_start_date, o.trial_end_date, o.stripe_subscription_id,
    k.created_by, c.email AS creator_email, m.role AS maker_role
  FROM api_keys k
  JOIN workspaces w ON w.id = k.workspace_id
  JOIN users o ON o.id = w.owner_id
  LEFT JOIN users c ON c.id = k.created_by
  LEFT JOIN workspace_members m ON m.workspace_id = k.workspace_id AND m.user_id = k.created_by
  WHERE k.token_hash = ?`;

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * One indexed query: the key, its workspace, the workspace owner's plan, its maker and the
 * maker's current role there.
 */
export async function findApiKey(db: Database, tokenHash: string): Promise<KeyHolder | null> {
  const row = await db.$client.prepare(FIND_KEY).bind(tokenHash).first<KeyRow>();
  if (!row) return null;
  return {
    key: {
      id: row.id,
      scopes: JSON.parse(row.scopes) as string[],
      expiresAt: date(row.expires_at),
      revokedAt: date(row.revoked_at),
      lastUsedAt: date(row.last_used_at),
    },
    workspace: {
      id: row.workspace_id,
      name: row.workspace_name,
      suspended: row.suspended_at !== null,
      suspendedReason: row.suspended_reason,
    },
    ownerPlan: {
      subscriptionPlan: row.subscription_plan,
      subscriptionStatus: row.subscription_status,
      isTrialActive: row.is_trial_active === 1,
      trialStartDate: date(row.trial_start_date),
      trialEndDate: date(row.trial_end_date),
      stripeSubscriptionId: row.stripe_subscription_id,
    },
    actor:
      row.created_by && row.creator_email
        ? { id: row.created_by, email: row.creator_email }
        : { id: row.owner_id, email: row.owner_email },
    makerRole: row.maker_role,
  };
}

/** Notes that the key was used, at most once a minute (a busy key would otherwise write always). */
export async function touchApiKey(db: Database, id: string, now = new Date()): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );
}
