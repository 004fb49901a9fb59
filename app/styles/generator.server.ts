import { createDatabase } from "../db/client.server";
import { designInputFromSearchParams, parseCustomization } from "../design/customization";
import type { Membership } from "../models/workspaces.server";
import { canUseBrandStyles } from "../plans/rules";
import type { QrStyle } from "../qr/types";
import { workspacePlan } from "../workspaces/current.server";
import { styleSearchParams } from "./style";
import { designOverStyle, listStyles, type StyleOutcome } from "./styles.server";
import type { Customization } from "../design/customization";

// The generator's side of brand styles (issue #28): the styles its select offers, "Apply style"
// (the style's design written into the generator's own fields, so the preview, the download
// links and "Save" all carry it), and a save that names a style.

/** What the generator's brand style select shows; `refusal` explains a locked select. */
export interface GeneratorStyles {
  styles: { id: string; name: string }[];
  selected: string | null;
  refusal: string | null;
}

/** The loader's part: the current workspace's styles, for members; nothing for visitors. */
export async function generatorStyles(
  membership: Membership | null,
  selected: string | null,
): Promise<GeneratorStyles> {
  if (!membership) return { styles: [], selected: null, refusal: null };
  const verdict = canUseBrandStyles(workspacePlan(membership));
  if (!verdict.ok) return { styles: [], selected: null, refusal: verdict.message };
  const styles = await listStyles(createDatabase(), membership.workspace.id);
  return {
    styles: styles.map((style) => ({ id: style.id, name: style.name })),
    selected: styles.some((style) => style.id === selected) ? selected : null,
    refusal: null,
  };
}

const scopeOf = (membership: Membership | null) =>
  membership ? { workspaceId: membership.workspace.id, plan: workspacePlan(membership) } : null;

/**
 * "Apply style": the generator's address with the style's design in its fields (fg, bg and the
 * design's query names) and its id, replacing whatever design the form had.
 */
export async function appliedStyleQuery(
  membership: Membership | null,
  styleId: string,
  content: URLSearchParams,
): Promise<StyleOutcome<{ query: URLSearchParams; name: string }>> {
  const styled = await designOverStyle(createDatabase(), scopeOf(membership), styleId, {});
  if (!styled.ok) return styled;
  const design = styled.style.design;
  const query = new URLSearchParams(content);
  for (const [key, value] of styleSearchParams(design)) {
    if (key !== "fgColor" && key !== "bgColor") query.set(key, value);
  }
  query.set("fg", design.fgColor.replace(/^#/, ""));
  query.set("bg", design.bgColor.replace(/^#/, ""));
  query.set("styleId", styleId);
  return { ok: true, query, name: styled.style.name };
}

/**
 * "Save" with a style named: the style as the base, the form's design fields and its size and
 * colours over it (app/styles/style.ts).
 */
export async function savedStyleCustomization(
  membership: Membership | null,
  styleId: string,
  form: URLSearchParams,
  style: QrStyle,
): Promise<StyleOutcome<{ customization: Customization }>> {
  const styled = await designOverStyle(createDatabase(), scopeOf(membership), styleId, {
    ...designInputFromSearchParams(form),
    ...style,
  });
  if (!styled.ok) return styled;
  const parsed = parseCustomization(styled.input);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.errors)[0]!;
    return { ok: false, status: 400, field, message };
  }
  return { ok: true, customization: parsed.value };
}
