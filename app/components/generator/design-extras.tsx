import { useId } from "react";
import type { DesignFields } from "../../design/fields";
import { FRAME_TEXT_MAX, FRAMES } from "../../design/names";
import { useErrorText, useT } from "../../i18n/i18n";
import type { FieldErrors } from "../../qr/schema";
import { ColorField } from "./color-field";
import { OptionChoice } from "./shape-choice";

export type DesignPatch = Partial<DesignFields>;

/** The first of these fields' problems, said where the fields are. */
export function DesignErrors({ errors, names }: { errors: FieldErrors; names: string[] }) {
  const errorText = useErrorText();
  const message = names.map((name) => errors[name]).find(Boolean);
  return message ? (
    <p className="field-error" role="alert">
      {errorText(message)}
    </p>
  ) : null;
}

const GRADIENTS = ["", "linear", "radial"] as const;

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
  const t = useT();
  return (
    <fieldset>
      <legend>{t("generator.gradient.legend")}</legend>
      <OptionChoice
        legend={t("generator.gradient.choice")}
        name="gradientType"
        options={GRADIENTS.map(
          (type) => [type, t(`generator.gradient.${type || "none"}`)] as const,
        )}
        value={design.gradientType}
        onChange={(gradientType) => onChange({ gradientType })}
      />
      <div className="field-row">
        <ColorField
          name="gradientFrom"
          label={t("generator.gradient.from")}
          value={design.gradientFrom}
          error={errors.gradientFrom}
          onChange={(gradientFrom) => onChange({ gradientFrom })}
        />
        <ColorField
          name="gradientTo"
          label={t("generator.gradient.to")}
          value={design.gradientTo}
          error={errors.gradientTo}
          onChange={(gradientTo) => onChange({ gradientTo })}
        />
        <div className="field">
          <label htmlFor={rotationId}>{t("generator.gradient.rotation")}</label>
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
      <p className="field-hint">{t("generator.gradient.hint")}</p>
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
  const t = useT();
  return (
    <fieldset>
      <legend>{t("generator.frame.legend")}</legend>
      <OptionChoice
        legend={t("generator.frame.style")}
        name="frame"
        options={FRAMES.map((frame) => [frame, t(`generator.frame.${frame}`)] as const)}
        value={design.frame}
        onChange={(frame) => onChange({ frame })}
      />
      <div className="field">
        <label htmlFor={textId}>{t("generator.frame.text")}</label>
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
          label={t("generator.frame.color")}
          value={design.frameColor}
          error={errors.frameColor}
          onChange={(frameColor) => onChange({ frameColor })}
        />
        <ColorField
          name="frameTextColor"
          label={t("generator.frame.textColor")}
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
