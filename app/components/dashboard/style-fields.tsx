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

const label = (value: string) => (value[0]!.toUpperCase() + value.slice(1)).replaceAll("-", " ");

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
  const id = `${prefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{text}</label>
      <select id={id} name={name} defaultValue={values[name]} {...aria(id, errors[name])}>
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
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
  const props = { prefix, values, errors: flat };
  const colour = { type: "text", pattern: "#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?", size: 8 } as const;
  return (
    <>
      <fieldset className="style-fieldset">
        <legend>Shapes</legend>
        <Select {...props} name="dotShape" text="Dots" options={DOT_SHAPES} />
        <Select {...props} name="cornerShape" text="Corner rings" options={CORNER_SHAPES} />
        <Select
          {...props}
          name="cornerDotShape"
          text="Corner centres"
          options={CORNER_DOT_SHAPES}
        />
      </fieldset>
      <fieldset className="style-fieldset">
        <legend>Colours</legend>
        <Input {...props} name="fgColor" text="Dots colour" {...colour} required />
        <Input {...props} name="bgColor" text="Background" {...colour} required />
        <Input
          {...props}
          name="cornerColor"
          text="Corner rings colour"
          {...colour}
          hint="Empty: the dots colour."
        />
        <Input
          {...props}
          name="cornerDotColor"
          text="Corner centres colour"
          {...colour}
          hint="Empty: the dots colour."
        />
        <Select
          {...props}
          name="gradientType"
          text="Gradient"
          options={["none", ...GRADIENT_TYPES]}
        />
        <Input {...props} name="gradientFrom" text="Gradient from" {...colour} />
        <Input {...props} name="gradientTo" text="Gradient to" {...colour} />
        <Input
          {...props}
          name="gradientRotation"
          text="Gradient rotation (degrees)"
          type="number"
          min={0}
          max={360}
        />
      </fieldset>
      <fieldset className="style-fieldset">
        <legend>Frame</legend>
        <Select {...props} name="frame" text="Frame" options={FRAMES} />
        <Input {...props} name="frameText" text="Frame text" maxLength={FRAME_TEXT_MAX} />
        <Input {...props} name="frameColor" text="Frame colour" {...colour} />
        <Input {...props} name="frameTextColor" text="Frame text colour" {...colour} />
      </fieldset>
      <fieldset className="style-fieldset">
        <legend>Reading</legend>
        <Select
          {...props}
          name="errorCorrection"
          text="Error correction"
          options={ERROR_CORRECTION_LEVELS}
        />
        <Input
          {...props}
          name="margin"
          text="Quiet zone (modules)"
          type="number"
          min={MIN_MARGIN}
          max={MAX_MARGIN}
        />
        <Select {...props} name="logoSize" text="Logo size" options={LOGO_SIZES} />
        <label className="checkbox">
          <input type="checkbox" name="logoClear" defaultChecked={values.logoClear === "on"} />{" "}
          Clear the dots behind a logo
        </label>
      </fieldset>
    </>
  );
}
