import type { Database } from "../db/client.server";
import type { BrandStyleRecord } from "../db/schema";
import type { Customization } from "../design/customization";
import { designProblem } from "../design/image.server";
import type { Design } from "../design/schema";
import {
  deleteStyle,
  findStyle,
  insertStyle,
  updateStyle,
  workspaceStyles,
} from "../models/brand-styles.server";
import type { PlanId } from "../plans/catalogue";
import { canUseBrandStyles } from "../plans/rules";
import { DEFAULT_STYLE } from "../qr/types";
import { type AuditActor, recordAudit } from "../workspaces/audit.server";
import {
  isStyleId,
  MAX_STYLES_PER_WORKSPACE,
  newStyleId,
  overStyle,
  parseStyleDesign,
  STYLE_LIMIT_MESSAGE,
  styleNameSchema,
} from "./style";

// What the Brand styles tab, the API, bulk, the generator and the download links do with a
// workspace's styles (issue #28), with the checks all of them make: the plan, the name, the
// design module's schema, contrast and decode rules, the limit. The callers checked the role.

export type StyleOutcome<T = object> =
  | ({ ok: true } & T)
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      /** The field the message is about (name, a design field), when there is one. */
      field?: string;
      message: string;
      errors?: Record<string, string>;
    };

/** Who acts on a workspace's styles: the workspace, its plan and the person (for the audit log). */
export interface StyleScope {
  workspaceId: string;
  plan: PlanId;
  actor: AuditActor;
}

/** A style's design must scan as a code: it is drawn and decoded with this content first. */
const CHECK_PAYLOAD = "https://example.com/brand-style-check";

type Refusal = Extract<StyleOutcome, { ok: false }>;

const notFound = (id: unknown, field?: string): Refusal => ({
  ok: false,
  status: 404,
  field,
  message: isStyleId(id)
    ? `There is no brand style ${id} in this workspace.`
    : "There is no such brand style in this workspace: a style id looks like bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c.",
});

function planRefusal(plan: PlanId, field?: string): Refusal | null {
  const verdict = canUseBrandStyles(plan);
  return verdict.ok ? null : { ok: false, status: 403, field, message: verdict.message };
}

export function listStyles(db: Database, workspaceId: string): Promise<BrandStyleRecord[]> {
  return workspaceStyles(db, workspaceId);
}

function checkedName(name: unknown): StyleOutcome<{ name: string }> {
  const parsed = styleNameSchema.safeParse(name);
  if (parsed.success) return { ok: true, name: parsed.data };
  const message = parsed.error.issues[0]!.message;
  return { ok: false, status: 400, field: "name", message, errors: { name: message } };
}

/** The design's schema and contrast rules, then the decode check, naming the part to change. */
async function checkedDesign(input: unknown): Promise<StyleOutcome<{ design: Design }>> {
  const parsed = parseStyleDesign(input);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.errors)[0]!;
    return { ok: false, status: 400, field, message, errors: parsed.errors };
  }
  const customization = { ...parsed.design, size: DEFAULT_STYLE.size } as Customization;
  const problem = await designProblem(CHECK_PAYLOAD, customization);
  if (problem) {
    return {
      ok: false,
      status: 400,
      field: problem.field,
      message: problem.message,
      errors: { [problem.field]: problem.message },
    };
  }
  return { ok: true, design: parsed.design };
}

const nameTaken = (name: string): Refusal => ({
  ok: false,
  status: 409,
  field: "name",
  message: `This workspace already has a style named “${name}”. Choose another name.`,
  errors: { name: `This workspace already has a style named “${name}”.` },
});

export async function createStyle(
  db: Database,
  scope: StyleScope,
  input: { name: unknown; design: unknown },
): Promise<StyleOutcome<{ style: BrandStyleRecord }>> {
  const refused = planRefusal(scope.plan);
  if (refused) return refused;
  const name = checkedName(input.name);
  if (!name.ok) return name;
  const design = await checkedDesign(input.design);
  if (!design.ok) return design;
  const id = newStyleId();
  const written = await insertStyle(
    db,
    {
      id,
      workspaceId: scope.workspaceId,
      name: name.name,
      design: design.design,
      createdBy: scope.actor.id,
    },
    MAX_STYLES_PER_WORKSPACE,
  );
  if (written === "limit") return { ok: false, status: 409, message: STYLE_LIMIT_MESSAGE };
  if (written === "name-taken") return nameTaken(name.name);
  await recordAudit(db, {
    workspaceId: scope.workspaceId,
    actor: scope.actor,
    action: "style.created",
    target: id,
    details: { name: name.name },
  });
  const style = await findStyle(db, scope.workspaceId, id);
  if (!style) throw new Error("a style just saved is missing");
  return { ok: true, style };
}

/** Renames a style, and changes its design when one is given. */
export async function changeStyle(
  db: Database,
  scope: StyleScope,
  id: unknown,
  input: { name: unknown; design?: unknown },
): Promise<StyleOutcome<{ style: BrandStyleRecord }>> {
  const refused = planRefusal(scope.plan);
  if (refused) return refused;
  const current = isStyleId(id) ? await findStyle(db, scope.workspaceId, id) : null;
  if (!current) return notFound(id);
  const name = checkedName(input.name);
  if (!name.ok) return name;
  let design: Design | undefined;
  if (input.design !== undefined) {
    const checked = await checkedDesign(input.design);
    if (!checked.ok) return checked;
    design = checked.design;
  }
  const written = await updateStyle(db, scope.workspaceId, current.id, {
    name: name.name,
    design,
  });
  if (written === "missing") return notFound(id);
  if (written === "name-taken") return nameTaken(name.name);
  await recordAudit(db, {
    workspaceId: scope.workspaceId,
    actor: scope.actor,
    action: "style.updated",
    target: current.id,
    details: { name: name.name, from: current.name, to: name.name },
  });
  return { ok: true, style: (await findStyle(db, scope.workspaceId, current.id)) ?? current };
}

/** Deletes a style; allowed after a downgrade too, so that a workspace can tidy up. */
export async function removeStyle(
  db: Database,
  scope: StyleScope,
  id: unknown,
): Promise<StyleOutcome<{ style: BrandStyleRecord }>> {
  const deleted = isStyleId(id) ? await deleteStyle(db, scope.workspaceId, id) : null;
  if (!deleted) return notFound(id);
  await recordAudit(db, {
    workspaceId: scope.workspaceId,
    actor: scope.actor,
    action: "style.deleted",
    target: deleted.id,
    details: { name: deleted.name },
  });
  return { ok: true, style: deleted };
}

/** Where a style is used: the workspace and plan of a signed-in member or an API key; null for visitors. */
export type StyleUser = { workspaceId: string; plan: PlanId } | null;

export const STYLE_SIGN_IN_MESSAGE =
  "Brand styles belong to a workspace: sign in as one of its members to use one.";

/**
 * The request's explicit design fields laid over the style `styleId` of the user's workspace, for
 * the caller to parse as a customization. Visitors are refused (403), another workspace's style is
 * not found (404), a plan without brand styles is refused (403).
 */
export async function designOverStyle(
  db: Database,
  user: StyleUser,
  styleId: unknown,
  explicit: Record<string, unknown>,
): Promise<StyleOutcome<{ input: Record<string, unknown>; style: BrandStyleRecord }>> {
  if (!user) return { ok: false, status: 403, field: "styleId", message: STYLE_SIGN_IN_MESSAGE };
  const style = isStyleId(styleId) ? await findStyle(db, user.workspaceId, styleId) : null;
  if (!style) return notFound(styleId, "styleId");
  const refused = planRefusal(user.plan, "styleId");
  if (refused) return refused;
  return { ok: true, input: overStyle(style.design, explicit), style };
}
