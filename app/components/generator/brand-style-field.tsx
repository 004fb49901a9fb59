import { useLocalePath, useT } from "../../i18n/i18n";
import { BRAND_STYLES_PLAN_MESSAGE } from "../../plans/rules";
import type { GeneratorStyles } from "../../styles/generator.server";

// The generator's brand style choice (issue #28): a select of the workspace's saved designs
// inside the generator's GET form. "Apply style" reloads the generator with the style's design
// in its own fields (app/styles/generator.server.ts), so it works without JavaScript and the
// preview, download links and "Save" carry the design; fields changed afterwards override it.
// The loader's part is generatorStyles() in app/styles/generator.server.ts.

export function BrandStyleField({ brandStyles }: { brandStyles: GeneratorStyles }) {
  const t = useT();
  const localePath = useLocalePath();
  if (brandStyles.refusal) {
    return (
      <p className="muted small brand-style-locked" role="note">
        {brandStyles.refusal === BRAND_STYLES_PLAN_MESSAGE
          ? t("generator.plan.brandStyles")
          : brandStyles.refusal}{" "}
        <a href={localePath("/pricing")}>{t("generator.seePlans")}</a>
      </p>
    );
  }
  if (brandStyles.styles.length === 0) return null;
  return (
    <div className="field brand-style-field">
      <label htmlFor="generator-style">{t("generator.style.brandStyle")}</label>
      <div className="field-row">
        <select
          id="generator-style"
          name="styleId"
          defaultValue={brandStyles.selected ?? ""}
          aria-describedby="generator-style-hint"
        >
          <option value="">{t("generator.style.noStyle")}</option>
          {brandStyles.styles.map((style) => (
            <option key={style.id} value={style.id}>
              {style.name}
            </option>
          ))}
        </select>
        <button type="submit" name="applyStyle" value="1" className="btn btn-secondary">
          {t("generator.style.apply")}
        </button>
      </div>
      <p className="field-hint" id="generator-style-hint">
        {t("generator.style.applyHint")}{" "}
        <a href="/dashboard?tab=styles">{t("generator.style.manage")}</a>
      </p>
    </div>
  );
}
