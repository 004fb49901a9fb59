import { staleWorkspaceRefusal, type TabActionContext, tabT } from "./tab-action.server";
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
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/locale.server";
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

export async function apiTab(
  db: Database,
  user: UserRecord,
  membership: Membership,
  now: Date,
  locale: Locale,
) {
  const t = translatorFor(locale);
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
        ? { href: "/dashboard?tab=plans", label: t("integrations.api.upgrade") }
        : { href: "/pricing", label: t("integrations.api.comparePlans") },
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
        /** Null: whoever made it has left the workspace. */
        createdBy: key.creatorName ?? key.creatorEmail ?? null,
        createdAt: key.createdAt.toISOString(),
        /** Null: never used. */
        lastUsed: key.lastUsedAt ? timeFromNow(key.lastUsedAt, now, locale.code) : null,
        /** Null: works until revoked. */
        expires: key.expiresAt ? key.expiresAt.toISOString() : null,
        status: key.revokedAt ? "revoked" : expired ? "expired" : ("active" as const),
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
  const t = tabT(ctx);
  if (intent === "revoke-key") {
    const name = await revokeApiKey(ctx.db, workspaceId, String(ctx.form.get("key") ?? ""), actor);
    if (!name) {
      return refuse(
        ctx,
        t("integrations.api.toast.notFound"),
        t("integrations.api.toast.notFoundText"),
      );
    }
    forgetKey(String(ctx.form.get("key")));
    return redirectWithToast(ctx.request, API_TAB, {
      title: t("integrations.api.toast.revoked"),
      description: t("integrations.api.toast.revokedText", { name }),
      variant: "success",
    });
  }
  const now = new Date();
  const plan = PLANS[workspacePlan(ctx.membership, now)];
  if (!plan.capabilities.api) {
    // A key that could only answer 403 is no use to anyone; the tab shows the upgrade instead.
    return refuse(
      ctx,
      t("integrations.api.toast.notCreated"),
      t(
        ctx.membership.role === "owner"
          ? "integrations.api.toast.planOwner"
          : "integrations.api.toast.planMember",
        { plan: plan.name },
      ),
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
      t("integrations.api.toast.notCreated"),
      t("integrations.api.full", { max: MAX_KEYS_PER_WORKSPACE }),
    );
  }
  return data(
    { createdKey: { name, key: created.key, scopes } },
    { headers: { "Cache-Control": "no-store" } },
  );
}
