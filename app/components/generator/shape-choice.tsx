import type { SHAPE_LABELS } from "../../design/names";
import { useT } from "../../i18n/i18n";

/**
 * One shape choice of the design (Dots, Corners, Corner centres): radio buttons named after each
 * shape, each with its picture drawn by the design module on the server (a cacheable image, so the
 * drawing code stays off the page's JavaScript).
 */
export function ShapeChoice<T extends keyof typeof SHAPE_LABELS>({
  legend,
  name,
  part,
  shapes,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  part: "dots" | "corners" | "centres";
  shapes: readonly T[];
  value: string;
  onChange: (value: T) => void;
}) {
  const t = useT();
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      <div className="choices">
        {shapes.map((shape) => (
          <label key={shape} className="choice">
            <input
              type="radio"
              name={name}
              value={shape}
              checked={value === shape}
              onChange={() => onChange(shape)}
            />
            <img
              src={`/design/shapes/${part}-${shape}.svg`}
              alt=""
              width={32}
              height={32}
              loading="lazy"
            />
            <span>{t(`generator.shape.${shape}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A choice among a few named options, as radio buttons (frame, gradient, error correction…). */
export function OptionChoice({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly (readonly [value: string, label: string])[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      <div className="choices">
        {options.map(([option, label]) => (
          <label key={option} className="choice choice-text">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
