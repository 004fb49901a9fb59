import { useId } from "react";
import type { FieldErrors } from "../../qr/schema";
import type { GeneratorFields } from "../../qr/fields";
import { QR_SIZES } from "../../qr/types";
import { useErrorText, useT } from "../../i18n/i18n";
import { ColorField, LIGHT_SWATCHES, SWATCHES } from "./color-field";

export type StylePatch = Partial<Pick<GeneratorFields, "size" | "fg" | "bg">>;

/**
 * How the code looks, apart from its content: its pixel size and colours. Inputs of the
 * generator's GET form, so they work without JavaScript.
 */
export function CustomizationFields({
  fields,
  errors,
  onChange,
}: {
  fields: Pick<GeneratorFields, "size" | "fg" | "bg">;
  errors: FieldErrors;
  onChange: (patch: StylePatch) => void;
}) {
  const sizeId = useId();
  const t = useT();
  const errorText = useErrorText();
  return (
    <fieldset data-tour="customization">
      <legend>{t("generator.style.legend")}</legend>
      <div className="field-row">
        <div className="field">
          <label htmlFor={sizeId}>{t("generator.style.size")}</label>
          <select
            id={sizeId}
            name="size"
            value={fields.size}
            onChange={(event) => onChange({ size: event.target.value })}
          >
            {QR_SIZES.map((size) => (
              <option key={size} value={size}>
                {t("generator.style.sizeOption", { size })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field-row">
        <ColorField
          name="fg"
          label={t("generator.style.fg")}
          value={fields.fg}
          error={errors.fg}
          swatches={SWATCHES}
          onChange={(fg) => onChange({ fg })}
        />
        <ColorField
          name="bg"
          label={t("generator.style.bg")}
          value={fields.bg}
          error={errors.bg}
          swatches={LIGHT_SWATCHES}
          onChange={(bg) => onChange({ bg })}
        />
      </div>
      {errors.fg || errors.bg ? (
        <p className="field-error" role="alert">
          {errorText(errors.fg ?? errors.bg ?? "")}
        </p>
      ) : null}
    </fieldset>
  );
}
