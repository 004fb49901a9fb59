import {
  CORNER_DOT_SHAPES,
  CORNER_SHAPES,
  type Design,
  DOT_SHAPES,
  FRAME_TEXT_MAX,
  FRAMES,
  GRADIENT_TYPES,
  LOGO_SIZES,
  MAX_MARGIN,
  MIN_MARGIN,
} from "../../design/schema";
import { ERROR_CORRECTION_LEVELS } from "../../qr/types";
import { type Translate, useT } from "../../i18n/i18n";
import { FieldError } from "../field-error";

// The design fields of a brand style's form, named as the API names them (dotShape, fgColor,
// gradientType, …), so the server reads them with the download links' own reader. Plain
// selects and inputs: the form works without JavaScript.

export type StyleValues = Record<string, string>;

/** A stored design as the form's values. */
export function designValues(design: Design): StyleValues {
  return {
    dotShape: design.dotShape,
    cornerShape: design.cornerShape,
    cornerDotShape: design.cornerDotShape,
    fgColor: design.fgColor,
    bgColor: design.bgColor,
    cornerColor: design.cornerColor ?? "",
    cornerDotColor: design.cornerDotColor ?? "",
    gradientType: design.gradient?.type ?? "none",
    gradientFrom: design.gradient?.from ?? design.fgColor,
    gradientTo: design.gradient?.to ?? design.fgColor,
    gradientRotation: String(design.gradient?.rotation ?? 0),
    frame: design.frame,
    frameText: design.frameText,
    frameColor: design.frameColor,
    frameTextColor: design.frameTextColor,
    errorCorrection: design.errorCorrection,
    margin: String(design.margin),
    logoSize: design.logoSize,
    logoClear: design.logoClear ? "on" : "",
  };
}

/** An option in the page's language: shapes and sizes by name, frames as a style's form says. */
function optionLabel(t: Translate, name: string, value: string): string {
  if (name === "errorCorrection") return value;
  if (value === "none") return t("code.designForm.none");
  if (name === "frame") return t(`code.style.frame.${value}`);
  return t(`code.shape.${value}`);
}

function aria(id: string, error: string | undefined) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  } as const;
}

function Select({
  prefix,
  name,
  text,
  options,
  values,
  errors,
}: {
  prefix: string;
  name: string;
  text: string;
  options: readonly string[];
  values: StyleValues;
  errors: Record<string, string>;
}) {
  const t = useT();
  const id = `${prefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{text}</label>
      <select id={id} name={name} defaultValue={values[name]} {...aria(id, errors[name])}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(t, name, option)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} errors={errors[name] ? [errors[name]] : undefined} />
    </div>
  );
}

function Input({
  prefix,
  name,
  text,
  values,
  errors,
  hint,
  ...rest
}: {
  prefix: string;
  name: string;
  text: string;
  values: StyleValues;
  errors: Record<string, string>;
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `${prefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{text}</label>
      <input
        id={id}
        name={name}
        defaultValue={values[name]}
        {...aria(id, errors[name])}
        {...rest}
      />
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldError id={`${id}-error`} errors={errors[name] ? [errors[name]] : undefined} />
    </div>
  );
}

/** Every design field of a style; `prefix` keeps ids unique when several forms are on the page. */
export function StyleFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: StyleValues;
  errors: Record<string, string>;
}) {
  // Errors of the gradient's parts arrive as "gradient.from" etc.
  const flat: Record<string, string> = { ...errors };
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith("gradient")) {
      const part = key.split(".")[1] ?? "type";
      flat[`gradient${part[0]!.toUpperCase()}${part.slice(1)}`] ??= message;
    }
  }
  const t = useT();
  const props = { prefix, values, errors: flat };
  const colour = { type: "text", pattern: "#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?", size: 8 } as const;
  return (
    <>
      <fieldset className="style-fieldset">
        <legend>{t("code.style.shapes")}</legend>
        <Select {...props} name="dotShape" text={t("code.designForm.dots")} options={DOT_SHAPES} />
        <Select
          {...props}
          name="cornerShape"
          text={t("code.style.cornerRings")}
          options={CORNER_SHAPES}
        />
        <Select
          {...props}
          name="cornerDotShape"
          text={t("code.designForm.cornerCentres")}
          options={CORNER_DOT_SHAPES}
        />
      </fieldset>
      <fieldset className="style-fieldset">
        <legend>{t("code.designForm.colours")}</legend>
        <Input {...props} name="fgColor" text={t("code.style.dotsColour")} {...colour} required />
        <Input
          {...props}
          name="bgColor"
          text={t("code.designForm.background")}
          {...colour}
          required
        />
        <Input
          {...props}
          name="cornerColor"
          text={t("code.style.cornerRingsColour")}
          {...colour}
          hint={t("code.style.emptyIsDots")}
        />
        <Input
          {...props}
          name="cornerDotColor"
          text={t("code.style.cornerCentresColour")}
          {...colour}
          hint={t("code.style.emptyIsDots")}
        />
        <Select
          {...props}
          name="gradientType"
          text={t("code.designForm.gradient")}
          options={["none", ...GRADIENT_TYPES]}
        />
        <Input {...props} name="gradientFrom" text={t("code.style.gradientFrom")} {...colour} />
        <Input {...props} name="gradientTo" text={t("code.style.gradientTo")} {...colour} />
        <Input
          {...props}
          name="gradientRotation"
          text={t("code.style.gradientRotation")}
          type="number"
          min={0}
          max={360}
        />
      </fieldset>
      <fieldset className="style-fieldset">
        <legend>{t("code.designForm.frame")}</legend>
        <Select {...props} name="frame" text={t("code.designForm.frame")} options={FRAMES} />
        <Input
          {...props}
          name="frameText"
          text={t("code.designForm.frameText")}
          maxLength={FRAME_TEXT_MAX}
        />
        <Input {...props} name="frameColor" text={t("code.designForm.frameColour")} {...colour} />
        <Input
          {...props}
          name="frameTextColor"
          text={t("code.designForm.frameTextColour")}
          {...colour}
        />
      </fieldset>
      <fieldset className="style-fieldset">
        <legend>{t("code.style.reading")}</legend>
        <Select
          {...props}
          name="errorCorrection"
          text={t("code.designForm.errorCorrection")}
          options={ERROR_CORRECTION_LEVELS}
        />
        <Input
          {...props}
          name="margin"
          text={t("code.designForm.quietZone")}
          type="number"
          min={MIN_MARGIN}
          max={MAX_MARGIN}
        />
        <Select {...props} name="logoSize" text={t("code.style.logoSize")} options={LOGO_SIZES} />
        <label className="checkbox">
          <input type="checkbox" name="logoClear" defaultChecked={values.logoClear === "on"} />{" "}
          {t("code.style.logoClear")}
        </label>
      </fieldset>
    </>
  );
}
