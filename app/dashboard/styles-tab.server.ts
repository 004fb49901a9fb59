import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { BrandStyleRecord } from "../db/schema";
import { designInputFromSearchParams } from "../design/customization";
import { drawDesign } from "../design/drawing";
import type { Design } from "../design/schema";
import { drawingToSvg } from "../design/svg";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { svgDataUrl } from "../qr/svg";
import { MAX_STYLES_PER_WORKSPACE, STYLE_NAME_MAX } from "../styles/style";
import { changeStyle, createStyle, listStyles, removeStyle } from "../styles/styles.server";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { staleWorkspaceRefusal, type TabActionContext, tabAccess } from "./tab-action.server";

// The Brand styles tab (issue #28, Premium and Ultimate): the workspace's saved designs, each
// with a name, made, renamed, changed and deleted with plain forms posting to the dashboard.

export const STYLES_TAB = "/dashboard?tab=styles";
export const STYLE_INTENTS = ["create-style", "update-style", "delete-style"] as const;
type StyleIntent = (typeof STYLE_INTENTS)[number];

export function isStyleIntent(intent: unknown): intent is StyleIntent {
  return STYLE_INTENTS.includes(intent as StyleIntent);
}

/** A small server-drawn picture of a style, so the list shows what each one looks like. */
function thumbnail(design: Design): string | null {
  try {
    return svgDataUrl(drawingToSvg(drawDesign("https://example.com", design), 96));
  } catch {
    return null;
  }
}

function summary(style: BrandStyleRecord) {
  return {
    id: style.id,
    name: style.name,
    design: style.design,
    thumbnail: thumbnail(style.design),
    updatedAt: style.updatedAt.toISOString(),
  };
}

export async function stylesTab(db: Database, membership: Membership, now: Date) {
  const plan = PLANS[workspacePlan(membership, now)];
  const styles = await listStyles(db, membership.workspace.id);
  return {
    ...tabAccess(membership, "styles.manage", "Upgrade to Premium"),
    allowed: plan.capabilities.brandStyles,
    planName: plan.name,
    limit: MAX_STYLES_PER_WORKSPACE,
    nameMax: STYLE_NAME_MAX,
    styles: styles.map(summary),
  };
}

export type StylesTabData = Awaited<ReturnType<typeof stylesTab>>;

export interface StylesTabAction {
  styleForm?: {
    /** The style the form was for; "new" for the create form. */
    id: string;
    errors: Record<string, string>;
    values: Record<string, string>;
  };
}

/** The form's fields as the design module names them (gradientType, … for the gradient). */
function designInput(form: FormData): Record<string, unknown> {
  const params = new URLSearchParams();
  for (const [key, value] of form) {
    if (typeof value === "string") params.append(key, value.slice(0, 200));
  }
  // An unticked checkbox sends nothing: clearing the dots behind a logo is then off.
  if (!params.has("logoClear")) params.set("logoClear", "off");
  if (params.get("gradientType") === "none") params.delete("gradientType");
  return designInputFromSearchParams(params);
}

function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && key !== "intent" && key !== "workspace") {
      values[key] = value.slice(0, 200);
    }
  }
  return values;
}

export async function stylesAction(intent: StyleIntent, ctx: TabActionContext) {
  requirePermission(ctx.membership, "styles.manage");
  const stale = staleWorkspaceRefusal(ctx, STYLES_TAB);
  if (stale) return stale;
  const scope = {
    workspaceId: ctx.membership.workspace.id,
    plan: workspacePlan(ctx.membership),
    actor: { id: ctx.user.id, email: ctx.user.email },
  };
  const id = String(ctx.form.get("id") ?? "");

  if (intent === "delete-style") {
    const removed = await removeStyle(ctx.db, scope, id);
    if (!removed.ok) throw data(removed.message, { status: removed.status });
    return redirectWithToast(ctx.request, `${STYLES_TAB}#brand-styles`, {
      title: ctx.t("dashboard.styles.toast.deleted.title"),
      description: ctx.t("dashboard.styles.toast.deleted.description", {
        name: removed.style.name,
      }),
      variant: "success",
    });
  }

  const input = { name: ctx.form.get("name"), design: designInput(ctx.form) };
  const outcome =
    intent === "create-style"
      ? await createStyle(ctx.db, scope, input)
      : await changeStyle(ctx.db, scope, id, input);
  if (!outcome.ok) {
    // Another workspace's style (or none) is a 404 without a form to show again.
    if (outcome.status === 404) throw data(outcome.message, { status: 404 });
    return data<StylesTabAction>(
      {
        styleForm: {
          id: intent === "create-style" ? "new" : id,
          errors: { ...(outcome.errors ?? {}), form: outcome.message },
          values: formValues(ctx.form),
        },
      },
      { status: outcome.status },
    );
  }
  return redirectWithToast(ctx.request, `${STYLES_TAB}#style-${outcome.style.id}`, {
    title:
      intent === "create-style"
        ? ctx.t("dashboard.styles.toast.saved")
        : ctx.t("dashboard.styles.toast.updated"),
    description: ctx.t("dashboard.styles.toast.ready", { name: outcome.style.name }),
    variant: "success",
  });
}
