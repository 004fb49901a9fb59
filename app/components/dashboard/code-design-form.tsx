import { Form } from "react-router";
import type { CodeEditAction } from "../../dashboard/code-edits.server";
import { ERROR_CORRECTION_WORDS, FRAME_WORDS, shapeLabel } from "../../dashboard/code-design";
import {
  CORNER_DOT_SHAPES,
  CORNER_SHAPES,
  DOT_SHAPES,
  FRAME_TEXT_MAX,
  FRAMES,
  MAX_MARGIN,
  MIN_MARGIN,
} from "../../design/schema";
import { ERROR_CORRECTION_LEVELS } from "../../qr/types";
import { FieldError } from "../field-error";
import { RESULT_ID, ResultRegion } from "./result-region";

// The code page's Edit design form (issue #29 item 8): every design field of the design module,
// shapes as radio groups, in a plain form that works without JavaScript. The server checks it as
// it checks every image (contrast, then a decoder), and saving changes only the design.

export const DESIGN_STAYS =
  "Saving changes only how the code looks: its content and short link stay the same.";

type Values = Record<string, string>;

function Choices({
  legend,
  name,
  options,
  values,
  words,
  error,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  values: Values;
  words?: (value: string) => string;
  error?: string;
}) {
  return (
    <fieldset className="design-choices" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choice-list">
        {options.map((option) => (
          <label key={option} className="design-choice">
            <input
              type="radio"
              name={name}
              value={option}
              defaultChecked={values[name] === option}
            />
            <span>{(words ?? shapeLabel)(option)}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} errors={error ? [error] : undefined} />
    </fieldset>
  );
}

function Colour({
  name,
  label,
  values,
  error,
}: {
  name: string;
  label: string;
  values: Values;
  error?: string;
}) {
  const id = `design-${name}`;
  return (
    <div className="field design-colour">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="color"
        name={name}
        defaultValue={values[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      <FieldError id={`${name}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

export function DesignForm({
  codeId,
  saved,
  hasLogo,
  action,
}: {
  codeId: number;
  saved: Values;
  hasLogo: boolean;
  action?: CodeEditAction;
}) {
  const answer = action?.intent === "design" ? action : undefined;
  const values = answer?.values ?? saved;
  const error = (name: string) => answer?.errors[name];
  return (
    <Form
      method="post"
      action={`/dashboard/codes/${codeId}#${RESULT_ID}`}
      className="design-form"
      // A refusal shows what was sent; a new answer resets the uncontrolled fields to it.
      key={answer ? JSON.stringify(answer) : "saved"}
    >
      <input type="hidden" name="intent" value="design" />
      <ResultRegion answer={answer ?? null} className="notice notice-error">
        <p>
          <strong>The design was not changed.</strong> {answer?.message}
        </p>
      </ResultRegion>
      <p className="field-hint">{DESIGN_STAYS}</p>
      <Choices
        legend="Dots"
        name="dotShape"
        options={DOT_SHAPES}
        values={values}
        error={error("dotShape")}
      />
      <Choices
        legend="Corners"
        name="cornerShape"
        options={CORNER_SHAPES}
        values={values}
        error={error("cornerShape")}
      />
      <Choices
        legend="Corner centres"
        name="cornerDotShape"
        options={CORNER_DOT_SHAPES}
        values={values}
        error={error("cornerDotShape")}
      />
      <fieldset className="design-group">
        <legend>Colours</legend>
        <div className="colour-row">
          <Colour name="fgColor" label="Dot colour" values={values} error={error("fgColor")} />
          <Colour name="bgColor" label="Background" values={values} error={error("bgColor")} />
          <Colour
            name="cornerColor"
            label="Corner colour"
            values={values}
            error={error("cornerColor")}
          />
          <Colour
            name="cornerDotColor"
            label="Corner centre colour"
            values={values}
            error={error("cornerDotColor")}
          />
        </div>
      </fieldset>
      <fieldset className="design-group">
        <legend>Gradient for the dots</legend>
        <Choices
          legend="Gradient"
          name="gradientType"
          options={["none", "linear", "radial"]}
          values={values}
          words={(value) => (value === "none" ? "None" : shapeLabel(value))}
          error={error("gradientType")}
        />
        <div className="colour-row">
          <Colour name="gradientFrom" label="From" values={values} error={error("gradientFrom")} />
          <Colour name="gradientTo" label="To" values={values} error={error("gradientTo")} />
          <div className="field">
            <label htmlFor="design-gradientRotation">Rotation (degrees)</label>
            <input
              id="design-gradientRotation"
              name="gradientRotation"
              type="number"
              min={0}
              max={360}
              step={1}
              inputMode="numeric"
              defaultValue={values.gradientRotation}
              aria-invalid={error("gradientRotation") ? true : undefined}
              aria-describedby={error("gradientRotation") ? "gradientRotation-error" : undefined}
            />
            <FieldError
              id="gradientRotation-error"
              errors={error("gradientRotation") ? [error("gradientRotation")!] : undefined}
            />
          </div>
        </div>
      </fieldset>
      <fieldset className="design-group">
        <legend>Frame</legend>
        <Choices
          legend="Frame style"
          name="frame"
          options={FRAMES}
          values={values}
          words={(value) => FRAME_WORDS[value as (typeof FRAMES)[number]]}
          error={error("frame")}
        />
        <div className="field">
          <label htmlFor="design-frameText">Frame text</label>
          <input
            id="design-frameText"
            name="frameText"
            maxLength={FRAME_TEXT_MAX}
            defaultValue={values.frameText}
            aria-invalid={error("frameText") ? true : undefined}
            aria-describedby={`frameText-hint${error("frameText") ? " frameText-error" : ""}`}
          />
          <p id="frameText-hint" className="field-hint">
            At most {FRAME_TEXT_MAX} characters, like “Scan me”.
          </p>
          <FieldError
            id="frameText-error"
            errors={error("frameText") ? [error("frameText")!] : undefined}
          />
        </div>
        <div className="colour-row">
          <Colour
            name="frameColor"
            label="Frame colour"
            values={values}
            error={error("frameColor")}
          />
          <Colour
            name="frameTextColor"
            label="Frame text colour"
            values={values}
            error={error("frameTextColor")}
          />
        </div>
      </fieldset>
      <Choices
        legend={hasLogo ? "Error correction (the logo keeps it at H)" : "Error correction"}
        name="errorCorrection"
        options={ERROR_CORRECTION_LEVELS}
        values={values}
        words={(value) =>
          `${value}: ${ERROR_CORRECTION_WORDS[value as keyof typeof ERROR_CORRECTION_WORDS]}`
        }
        error={error("errorCorrection")}
      />
      <div className="field">
        <label htmlFor="design-margin">Quiet zone (modules)</label>
        <input
          id="design-margin"
          name="margin"
          type="number"
          min={MIN_MARGIN}
          max={MAX_MARGIN}
          step={1}
          inputMode="numeric"
          defaultValue={values.margin}
          aria-invalid={error("margin") ? true : undefined}
          aria-describedby={error("margin") ? "margin-error" : undefined}
        />
        <FieldError id="margin-error" errors={error("margin") ? [error("margin")!] : undefined} />
      </div>
      {error("customization") ? <p className="field-error">{error("customization")}</p> : null}
      <button type="submit" className="btn btn-primary">
        Save design
      </button>
    </Form>
  );
}
