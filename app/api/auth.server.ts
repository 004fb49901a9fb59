import { env } from "cloudflare:workers";
import type { Database } from "../db/client.server";
import { hashToken } from "../models/account-tokens.server";
import { findApiKey, type KeyHolder, touchApiKey } from "../models/api-keys.server";
import { PLANS, type PlanId } from "../plans/catalogue";
import { effectivePlan } from "../plans/effective";
import { cachedKey, keepKey } from "./key-cache.server";
import { can } from "../workspaces/roles";
import { type ApiScope, looksLikeApiKey, SCOPE_ACTIONS } from "./keys";
import { ApiProblem } from "./problem";
import { suspendedApiDetail } from "../workspaces/suspension";

// Who is calling /api/v1: the Bearer key, checked in this order: present and well formed,
// known, not revoked, not expired, its maker still an owner or admin of the workspace, its
// workspace not suspended by staff, within its
// rate limit, its workspace on a plan with API access, and holding the operation's scope.

/** Requests a key may make per minute, by the workspace's plan (the API_RATE_LIMITER binding). */
export const API_REQUESTS_PER_MINUTE = 300;

export interface ApiCaller extends KeyHolder {
  plan: PlanId;
}

const HOW = "Send an API key from the dashboard's API tab as `Authorization: Bearer qrc_…`.";

export async function authenticate(
  request: Request,
  db: Database,
  waitUntil: (promise: Promise<unknown>) => void,
  now = new Date(),
): Promise<ApiCaller> {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new ApiProblem("unauthorized", `No API key was sent. ${HOW}`);
  const token = match[1]!;
  if (!looksLikeApiKey(token)) {
    throw new ApiProblem("unauthorized", `That is not an API key of this service. ${HOW}`);
  }
  const tokenHash = await hashToken(token);
  let holder = cachedKey(tokenHash, now.getTime());
  if (!holder) {
    holder = await findApiKey(db, tokenHash);
    if (!holder) throw new ApiProblem("unauthorized", `This API key is not known. ${HOW}`);
    keepKey(tokenHash, holder, now.getTime());
  }
  const { key } = holder;
  if (key.revokedAt) {
    throw new ApiProblem(
      "key_revoked",
      "This API key was revoked. Create a new one on the API tab.",
    );
  }
  if (key.expiresAt && key.expiresAt <= now) {
    throw new ApiProblem(
      "key_expired",
      `This API key expired on ${key.expiresAt.toISOString().slice(0, 10)}. Create a new one on the API tab.`,
    );
  }
  // A key acts with its maker's current membership: a maker who left, was removed or no longer
  // manages keys takes the key's power along, also before the revocation reaches this isolate.
  if (!holder.makerRole || !can(holder.makerRole, "api.manage")) {
    throw new ApiProblem(
      "key_revoked",
      "This API key's maker no longer manages this workspace's keys, so the key no longer works. Ask an owner or admin of the workspace for a new one.",
    );
  }
  // Staff suspended the workspace (issue #31): the key is kept and answers again once lifted.
  if (holder.workspace.suspended) {
    throw new ApiProblem(
      "workspace_suspended",
      suspendedApiDetail(holder.workspace.suspendedReason),
    );
  }
  const { success } = await env.API_RATE_LIMITER.limit({ key: key.id });
  if (!success) {
    throw new ApiProblem(
      "rate_limited",
      `This key made more than ${API_REQUESTS_PER_MINUTE} requests in a minute. Wait a moment and try again.`,
      undefined,
      { "Retry-After": "60" },
    );
  }
  const plan = effectivePlan(holder.ownerPlan, now);
  if (!PLANS[plan].capabilities.api) {
    throw new ApiProblem(
      "plan_required",
      `The API is part of the Ultimate plan, and this workspace is on ${PLANS[plan].name}. The key is kept: it works again once the workspace's owner upgrades.`,
    );
  }
  // Last use is kept to the minute: most calls write nothing.
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= 60_000) {
    key.lastUsedAt = now;
    waitUntil(touchApiKey(db, key.id, now));
  }
  return { ...holder, plan };
}

/** Refuses (403) a key without the operation's scope, or whose maker's role no longer allows it. */
export function requireScope(caller: ApiCaller, scope: ApiScope): void {
  if (
    !caller.key.scopes.includes(scope) ||
    !caller.makerRole ||
    !can(caller.makerRole, SCOPE_ACTIONS[scope])
  ) {
    throw new ApiProblem(
      "insufficient_scope",
      `This key lacks the ${scope} scope. Create a key with it on the API tab.`,
    );
  }
}
