import { staleWorkspaceRefusal, type TabActionContext } from "./tab-action.server";
import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { keyFormInput, keyFormSchema } from "../api/key-form";
import { forgetKey } from "../api/key-cache.server";
import { API_SCOPES, KEY_PREFIX, MAX_KEYS_PER_WORKSPACE, SCOPE_ACTIONS } from "../api/keys";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { createApiKey, listApiKeys, revokeApiKey } from "../models/api-keys.server";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { timeFromNow } from "../workspaces/audit-text";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { can } from "../workspaces/roles";
import { firstIssue } from "../workspaces/team-forms";

// The API tab (issue #16): the workspace's keys for owners and admins, a form to make one, and
// the key itself shown once, in the answer to that form (never stored, never in a cookie).

export const API_TAB = "/dashboard?tab=api";

export const API_INTENTS = ["create-key", "revoke-key"] as const;

type ApiIntent = (typeof API_INTENTS)[number];

export function isApiIntent(intent: unknown): intent is ApiIntent {
  return API_INTENTS.includes(intent as ApiIntent);
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export async function apiTab(db: Database, user: UserRecord, membership: Membership, now: Date) {
  const plan = workspacePlan(membership, now);
  const manage = can(membership.role, "api.manage");
  const keys = manage ? await listApiKeys(db, membership.workspace.id) : [];
  const working = keys.filter((key) => !key.revokedAt).length;
  return {
    workspaceId: membership.workspace.id,
    manage,
    planName: PLANS[plan].name,
    available: PLANS[plan].capabilities.api,
    upgrade:
      membership.role === "owner"
        ? { href: "/dashboard?tab=plans", label: "Upgrade to Ultimate" }
        : { href: "/pricing", label: "Compare plans" },
    full: working >= MAX_KEYS_PER_WORKSPACE,
    working,
    maxKeys: MAX_KEYS_PER_WORKSPACE,
    scopes: API_SCOPES.filter((scope) => can(membership.role, SCOPE_ACTIONS[scope])),
    minExpiry: new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
    keys: keys.map((key) => {
      const expired = key.expiresAt !== null && key.expiresAt <= now;
      return {
        id: key.id,
        name: key.name,
        masked: `${KEY_PREFIX}…${key.lastFour}`,
        scopes: key.scopes,
        createdBy: key.creatorName ?? key.creatorEmail ?? "A former member",
        createdAt: dateFormat.format(key.createdAt),
        lastUsed: key.lastUsedAt ? timeFromNow(key.lastUsedAt, now) : "Never",
        expires: key.expiresAt ? dateFormat.format(key.expiresAt) : "Never",
        status: key.revokedAt ? "Revoked" : expired ? "Expired" : "Active",
      };
    }),
  };
}

export type ApiTabData = Awaited<ReturnType<typeof apiTab>>;

type Ctx = TabActionContext;

const refuse = (ctx: Ctx, title: string, description: string) =>
  redirectWithToast(ctx.request, API_TAB, { title, description, variant: "error" });

export async function apiAction(
  intent: ApiIntent,
  ctx: Ctx,
): Promise<Response | ReturnType<typeof data>> {
  requirePermission(ctx.membership, "api.manage");
  const workspaceId = ctx.membership.workspace.id;
  const stale = staleWorkspaceRefusal(ctx, API_TAB);
  if (stale) return stale;
  const actor = { id: ctx.user.id, email: ctx.user.email };
  if (intent === "revoke-key") {
    const name = await revokeApiKey(ctx.db, workspaceId, String(ctx.form.get("key") ?? ""), actor);
    if (!name) return refuse(ctx, "Key not found", "It may have been revoked already.");
    forgetKey(String(ctx.form.get("key")));
    return redirectWithToast(ctx.request, API_TAB, {
      title: "Key revoked",
      description: `“${name}” no longer works. Calls with it get 401.`,
      variant: "success",
    });
  }
  const now = new Date();
  const plan = PLANS[workspacePlan(ctx.membership, now)];
  if (!plan.capabilities.api) {
    // A key that could only answer 403 is no use to anyone; the tab shows the upgrade instead.
    return refuse(
      ctx,
      "Key not created",
      `The API is part of the Ultimate plan, and this workspace is on ${plan.name}. ${
        ctx.membership.role === "owner"
          ? "Upgrade on the Plans tab to create keys."
          : "Ask the workspace's owner to upgrade to create keys."
      }`,
    );
  }
  const parsed = keyFormSchema(now).safeParse(keyFormInput(ctx.form));
  if (!parsed.success) {
    return data(
      { keyForm: { error: firstIssue(parsed.error), values: keyFormInput(ctx.form) } },
      { status: 400 },
    );
  }
  const { name, scopes, expiresOn } = parsed.data;
  for (const scope of scopes) requirePermission(ctx.membership, SCOPE_ACTIONS[scope]);
  const created = await createApiKey(
    ctx.db,
    {
      workspaceId,
      actor,
      name,
      scopes,
      expiresAt: expiresOn ? new Date(`${expiresOn}T00:00:00Z`) : null,
    },
    now,
  );
  if (!created) {
    return refuse(
      ctx,
      "Key not created",
      `This workspace has ${MAX_KEYS_PER_WORKSPACE} keys, the most it can have. Revoke one to make another.`,
    );
  }
  return data(
    { createdKey: { name, key: created.key, scopes } },
    { headers: { "Cache-Control": "no-store" } },
  );
}
