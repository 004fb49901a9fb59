import { Form } from "react-router";
import type { CodeEditAction } from "../../dashboard/code-edits.server";
import { errorCorrectionLabel, frameLabel, shapeLabel } from "../../dashboard/code-design";
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
import { useT } from "../../i18n/i18n";
import { FieldError } from "../field-error";
import { RESULT_ID, ResultRegion } from "./result-region";

// The code page's Edit design form (issue #29 item 8): every design field of the design module,
// shapes as radio groups, in a plain form that works without JavaScript. The server checks it as
// it checks every image (contrast, then a decoder), and saving changes only the design.

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
  const t = useT();
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
            <span>{words ? words(option) : shapeLabel(t, option)}</span>
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
  const t = useT();
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
          <strong>{t("code.designForm.notChanged")}</strong> {answer?.message}
        </p>
      </ResultRegion>
      <p className="field-hint">{t("code.designForm.stays")}</p>
      <Choices
        legend={t("code.designForm.dots")}
        name="dotShape"
        options={DOT_SHAPES}
        values={values}
        error={error("dotShape")}
      />
      <Choices
        legend={t("code.designForm.corners")}
        name="cornerShape"
        options={CORNER_SHAPES}
        values={values}
        error={error("cornerShape")}
      />
      <Choices
        legend={t("code.designForm.cornerCentres")}
        name="cornerDotShape"
        options={CORNER_DOT_SHAPES}
        values={values}
        error={error("cornerDotShape")}
      />
      <fieldset className="design-group">
        <legend>{t("code.designForm.colours")}</legend>
        <div className="colour-row">
          <Colour
            name="fgColor"
            label={t("code.designForm.dotColour")}
            values={values}
            error={error("fgColor")}
          />
          <Colour
            name="bgColor"
            label={t("code.designForm.background")}
            values={values}
            error={error("bgColor")}
          />
          <Colour
            name="cornerColor"
            label={t("code.designForm.cornerColour")}
            values={values}
            error={error("cornerColor")}
          />
          <Colour
            name="cornerDotColor"
            label={t("code.designForm.cornerCentreColour")}
            values={values}
            error={error("cornerDotColor")}
          />
        </div>
      </fieldset>
      <fieldset className="design-group">
        <legend>{t("code.designForm.gradientGroup")}</legend>
        <Choices
          legend={t("code.designForm.gradient")}
          name="gradientType"
          options={["none", "linear", "radial"]}
          values={values}
          words={(value) => (value === "none" ? t("code.designForm.none") : shapeLabel(t, value))}
          error={error("gradientType")}
        />
        <div className="colour-row">
          <Colour
            name="gradientFrom"
            label={t("code.designForm.from")}
            values={values}
            error={error("gradientFrom")}
          />
          <Colour
            name="gradientTo"
            label={t("code.designForm.to")}
            values={values}
            error={error("gradientTo")}
          />
          <div className="field">
            <label htmlFor="design-gradientRotation">{t("code.designForm.rotation")}</label>
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
        <legend>{t("code.designForm.frame")}</legend>
        <Choices
          legend={t("code.designForm.frameStyle")}
          name="frame"
          options={FRAMES}
          values={values}
          words={(value) => frameLabel(t, value)}
          error={error("frame")}
        />
        <div className="field">
          <label htmlFor="design-frameText">{t("code.designForm.frameText")}</label>
          <input
            id="design-frameText"
            name="frameText"
            maxLength={FRAME_TEXT_MAX}
            defaultValue={values.frameText}
            aria-invalid={error("frameText") ? true : undefined}
            aria-describedby={`frameText-hint${error("frameText") ? " frameText-error" : ""}`}
          />
          <p id="frameText-hint" className="field-hint">
            {t("code.designForm.frameTextHint", { max: FRAME_TEXT_MAX })}
          </p>
          <FieldError
            id="frameText-error"
            errors={error("frameText") ? [error("frameText")!] : undefined}
          />
        </div>
        <div className="colour-row">
          <Colour
            name="frameColor"
            label={t("code.designForm.frameColour")}
            values={values}
            error={error("frameColor")}
          />
          <Colour
            name="frameTextColor"
            label={t("code.designForm.frameTextColour")}
            values={values}
            error={error("frameTextColor")}
          />
        </div>
      </fieldset>
      <Choices
        legend={t(
          hasLogo ? "code.designForm.errorCorrectionLogo" : "code.designForm.errorCorrection",
        )}
        name="errorCorrection"
        options={ERROR_CORRECTION_LEVELS}
        values={values}
        words={(value) => errorCorrectionLabel(t, value)}
        error={error("errorCorrection")}
      />
      <div className="field">
        <label htmlFor="design-margin">{t("code.designForm.quietZone")}</label>
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
        {t("code.designForm.save")}
      </button>
    </Form>
  );
}
