import { useId } from "react";
import type { DesignFields } from "../../design/fields";
import { FRAME_LABELS, FRAME_TEXT_MAX, FRAMES } from "../../design/names";
import type { FieldErrors } from "../../qr/schema";
import { ColorField } from "./color-field";
import { OptionChoice } from "./shape-choice";

export type DesignPatch = Partial<DesignFields>;

/** The first of these fields' problems, said where the fields are. */
export function DesignErrors({ errors, names }: { errors: FieldErrors; names: string[] }) {
  const message = names.map((name) => errors[name]).find(Boolean);
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

const GRADIENTS = [
  ["", "None"],
  ["linear", "Linear"],
  ["radial", "Radial"],
] as const;

/** The dots' gradient: none, linear or radial, its two ends and (linear) its angle. */
export function GradientFields({
  design,
  errors,
  onChange,
}: {
  design: DesignFields;
  errors: FieldErrors;
  onChange: (patch: DesignPatch) => void;
}) {
  const rotationId = useId();
  return (
    <fieldset>
      <legend>Gradient</legend>
      <OptionChoice
        legend="Gradient of the dots"
        name="gradientType"
        options={GRADIENTS}
        value={design.gradientType}
        onChange={(gradientType) => onChange({ gradientType })}
      />
      <div className="field-row">
        <ColorField
          name="gradientFrom"
          label="Gradient start"
          value={design.gradientFrom}
          error={errors.gradientFrom}
          onChange={(gradientFrom) => onChange({ gradientFrom })}
        />
        <ColorField
          name="gradientTo"
          label="Gradient end"
          value={design.gradientTo}
          error={errors.gradientTo}
          onChange={(gradientTo) => onChange({ gradientTo })}
        />
        <div className="field">
          <label htmlFor={rotationId}>Rotation (degrees)</label>
          <input
            id={rotationId}
            type="number"
            name="gradientRotation"
            min={0}
            max={360}
            step={15}
            inputMode="numeric"
            value={design.gradientRotation}
            aria-invalid={errors.gradientRotation ? true : undefined}
            onChange={(event) => onChange({ gradientRotation: event.target.value })}
          />
        </div>
      </div>
      <p className="field-hint">The start and end are used when a gradient is chosen.</p>
      <DesignErrors
        errors={errors}
        names={["gradientType", "gradientFrom", "gradientTo", "gradientRotation"]}
      />
    </fieldset>
  );
}

/** A frame around the code with a call to action, its text and colours. */
export function FrameFields({
  design,
  errors,
  onChange,
}: {
  design: DesignFields;
  errors: FieldErrors;
  onChange: (patch: DesignPatch) => void;
}) {
  const textId = useId();
  return (
    <fieldset>
      <legend>Frame</legend>
      <OptionChoice
        legend="Frame style"
        name="frame"
        options={FRAMES.map((frame) => [frame, FRAME_LABELS[frame]] as const)}
        value={design.frame}
        onChange={(frame) => onChange({ frame })}
      />
      <div className="field">
        <label htmlFor={textId}>Call to action</label>
        <input
          id={textId}
          type="text"
          name="frameText"
          maxLength={FRAME_TEXT_MAX}
          value={design.frameText}
          aria-invalid={errors.frameText ? true : undefined}
          onChange={(event) => onChange({ frameText: event.target.value })}
        />
      </div>
      <div className="field-row">
        <ColorField
          name="frameColor"
          label="Frame colour"
          value={design.frameColor}
          error={errors.frameColor}
          onChange={(frameColor) => onChange({ frameColor })}
        />
        <ColorField
          name="frameTextColor"
          label="Call to action colour"
          value={design.frameTextColor}
          fallback="#ffffff"
          error={errors.frameTextColor}
          onChange={(frameTextColor) => onChange({ frameTextColor })}
        />
      </div>
      <DesignErrors
        errors={errors}
        names={["frame", "frameText", "frameColor", "frameTextColor"]}
      />
    </fieldset>
  );
}
