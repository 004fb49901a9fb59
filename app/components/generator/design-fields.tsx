import { useState } from "react";
import type { DesignFields, DesignParam, PresetChoice } from "../../design/fields";
import { CORNER_DOT_SHAPES, CORNER_SHAPES, DOT_SHAPES, LOGO_SIZES } from "../../design/names";
import type { FieldErrors } from "../../qr/schema";
import { ColorField, SWATCHES } from "./color-field";
import { DesignErrors, type DesignPatch, FrameFields, GradientFields } from "./design-extras";
import { OptionChoice, ShapeChoice } from "./shape-choice";

const EC_OPTIONS = [
  ["L", "L: 7% can be damaged"],
  ["M", "M: 15% (default)"],
  ["Q", "Q: 25%"],
  ["H", "H: 30%, for logos"],
] as const;

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
  const designErrors = Object.keys(errors).some((name) => name in design);
  // Decided once: afterwards the person opens and closes it.
  const [open] = useState(() => designErrors || !isDefault(design, presets));
  const set = (name: DesignParam) => (value: string) => onChange({ [name]: value });

  return (
    <details className="designer" open={open} data-tour="design">
      <summary>Design: shapes, colours and frame</summary>
      <fieldset className="choice-group">
        <legend>Ready-made designs</legend>
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
              {preset.name}
            </button>
          ))}
        </div>
      </fieldset>
      <ShapeChoice
        legend="Dots"
        name="dotShape"
        part="dots"
        shapes={DOT_SHAPES}
        value={design.dotShape}
        onChange={set("dotShape")}
      />
      <ShapeChoice
        legend="Corners"
        name="cornerShape"
        part="corners"
        shapes={CORNER_SHAPES}
        value={design.cornerShape}
        onChange={set("cornerShape")}
      />
      <ShapeChoice
        legend="Corner centres"
        name="cornerDotShape"
        part="centres"
        shapes={CORNER_DOT_SHAPES}
        value={design.cornerDotShape}
        onChange={set("cornerDotShape")}
      />
      <fieldset>
        <legend>Corner colours</legend>
        <div className="field-row">
          <ColorField
            name="cornerColor"
            label="Corner colour"
            value={design.cornerColor}
            fallback={fg}
            swatches={SWATCHES}
            same="Same as dots"
            error={errors.cornerColor}
            onChange={set("cornerColor")}
          />
          <ColorField
            name="cornerDotColor"
            label="Corner centre colour"
            value={design.cornerDotColor}
            fallback={fg}
            swatches={SWATCHES}
            same="Same as dots"
            error={errors.cornerDotColor}
            onChange={set("cornerDotColor")}
          />
        </div>
        <DesignErrors errors={errors} names={["cornerColor", "cornerDotColor"]} />
      </fieldset>
      <GradientFields design={design} errors={errors} onChange={onChange} />
      <FrameFields design={design} errors={errors} onChange={onChange} />
      <OptionChoice
        legend="Error correction"
        name="errorCorrection"
        options={EC_OPTIONS}
        value={hasLogo ? "H" : design.errorCorrection}
        onChange={set("errorCorrection")}
      />
      {hasLogo ? (
        <>
          <p className="field-hint">With a logo the code always uses H.</p>
          <OptionChoice
            legend="Logo size"
            name="logoSize"
            options={LOGO_SIZES.map((size) => [size, size[0]!.toUpperCase() + size.slice(1)])}
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
            Clear the dots behind the logo
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
