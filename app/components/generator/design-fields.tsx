import { useState } from "react";
import type { DesignFields, DesignParam, PresetChoice } from "../../design/fields";
import { CORNER_DOT_SHAPES, CORNER_SHAPES, DOT_SHAPES, LOGO_SIZES } from "../../design/names";
import type { FieldErrors } from "../../qr/schema";
import { useT } from "../../i18n/i18n";
import { ColorField, SWATCHES } from "./color-field";
import { DesignErrors, type DesignPatch, FrameFields, GradientFields } from "./design-extras";
import { OptionChoice, ShapeChoice } from "./shape-choice";

const EC_LEVELS = ["L", "M", "Q", "H"] as const;

/**
 * The code designer (issue #28): presets, shapes, corner colours, gradient, frame and error
 * correction, as inputs of the generator's GET form, so "Update preview" draws them on the server
 * without JavaScript; with it, every change redraws the preview in the browser. Folded away until
 * opened, unless the code already has a design.
 */
export function DesignFields({
  design,
  fg,
  errors,
  hasLogo,
  presets,
  onChange,
  onPreset,
}: {
  design: DesignFields;
  fg: string;
  errors: FieldErrors;
  hasLogo: boolean;
  presets: PresetChoice[];
  onChange: (patch: DesignPatch) => void;
  onPreset: (preset: PresetChoice) => void;
}) {
  const t = useT();
  const designErrors = Object.keys(errors).some((name) => name in design);
  // Decided once: afterwards the person opens and closes it.
  const [open] = useState(() => designErrors || !isDefault(design, presets));
  const set = (name: DesignParam) => (value: string) => onChange({ [name]: value });

  return (
    <details className="designer" open={open} data-tour="design">
      <summary>{t("generator.design.summary")}</summary>
      <fieldset className="choice-group">
        <legend>{t("generator.design.presets")}</legend>
        <div className="presets">
          {presets.map((preset) => (
            <button
              key={preset.id}
              type="submit"
              name="preset"
              value={preset.id}
              className="preset"
              onClick={(event) => {
                event.preventDefault();
                onPreset(preset);
              }}
            >
              <span className="swatch-chip" style={{ background: preset.fg }} aria-hidden="true" />
              {t(`generator.preset.${preset.id}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <ShapeChoice
        legend={t("generator.design.dots")}
        name="dotShape"
        part="dots"
        shapes={DOT_SHAPES}
        value={design.dotShape}
        onChange={set("dotShape")}
      />
      <ShapeChoice
        legend={t("generator.design.corners")}
        name="cornerShape"
        part="corners"
        shapes={CORNER_SHAPES}
        value={design.cornerShape}
        onChange={set("cornerShape")}
      />
      <ShapeChoice
        legend={t("generator.design.cornerCentres")}
        name="cornerDotShape"
        part="centres"
        shapes={CORNER_DOT_SHAPES}
        value={design.cornerDotShape}
        onChange={set("cornerDotShape")}
      />
      <fieldset>
        <legend>{t("generator.design.cornerColours")}</legend>
        <div className="field-row">
          <ColorField
            name="cornerColor"
            label={t("generator.design.cornerColour")}
            value={design.cornerColor}
            fallback={fg}
            swatches={SWATCHES}
            same={t("generator.design.sameAsDots")}
            error={errors.cornerColor}
            onChange={set("cornerColor")}
          />
          <ColorField
            name="cornerDotColor"
            label={t("generator.design.cornerCentreColour")}
            value={design.cornerDotColor}
            fallback={fg}
            swatches={SWATCHES}
            same={t("generator.design.sameAsDots")}
            error={errors.cornerDotColor}
            onChange={set("cornerDotColor")}
          />
        </div>
        <DesignErrors errors={errors} names={["cornerColor", "cornerDotColor"]} />
      </fieldset>
      <GradientFields design={design} errors={errors} onChange={onChange} />
      <FrameFields design={design} errors={errors} onChange={onChange} />
      <OptionChoice
        legend={t("generator.design.errorCorrection")}
        name="errorCorrection"
        options={EC_LEVELS.map((level) => [level, t(`generator.design.ec${level}`)] as const)}
        value={hasLogo ? "H" : design.errorCorrection}
        onChange={set("errorCorrection")}
      />
      {hasLogo ? (
        <>
          <p className="field-hint">{t("generator.design.logoUsesH")}</p>
          <OptionChoice
            legend={t("generator.design.logoSize")}
            name="logoSize"
            options={LOGO_SIZES.map((size) => [size, t(`generator.logoSize.${size}`)] as const)}
            value={design.logoSize}
            onChange={set("logoSize")}
          />
          <input type="hidden" name="logoClear" value="false" />
          <label className="checkbox">
            <input
              type="checkbox"
              name="logoClear"
              value="true"
              checked={design.logoClear !== "false"}
              onChange={(event) => onChange({ logoClear: String(event.target.checked) })}
            />
            {t("generator.design.logoClear")}
          </label>
        </>
      ) : null}
      <DesignErrors
        errors={errors}
        names={["errorCorrection", "logoSize", "logoClear", "margin"]}
      />
    </details>
  );
}

function isDefault(design: DesignFields, presets: PresetChoice[]): boolean {
  const classic = presets.find((preset) => preset.id === "classic")?.design;
  return (
    classic !== undefined &&
    Object.keys(classic).every(
      (name) => classic[name as DesignParam] === design[name as DesignParam],
    )
  );
}
