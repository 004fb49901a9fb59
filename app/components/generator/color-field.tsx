import { useId } from "react";
import { useHydrated } from "../use-hydrated";

function validHex(color: string): string | null {
  return /^#[\da-f]{6}$/i.test(color) ? color.toLowerCase() : null;
}

/** Colours one click away (issue #29 item 14c): dark enough on white to scan. */
export const SWATCHES = [
  ["#000000", "Black"],
  ["#1e3a8a", "Navy"],
  ["#1d4ed8", "Blue"],
  ["#166534", "Green"],
  ["#9f1239", "Crimson"],
  ["#6d28d9", "Violet"],
] as const;

export const LIGHT_SWATCHES = [
  ["#ffffff", "White"],
  ["#fefce8", "Cream"],
  ["#f1f5f9", "Mist"],
  ["#ecfdf5", "Mint"],
] as const;

/**
 * A colour: the native picker, which is what submits without JavaScript, with JavaScript a text
 * field for typing the hex (it may be half-typed, so the picker keeps its last valid value), and
 * optionally swatches as radio buttons beside it. Without JavaScript the picker and the swatches
 * both submit; `<name>Was` tells the server which of them the person changed (submittedColor).
 * `same` is a swatch meaning "no colour of its own" (the empty value), drawn as `fallback`.
 */
export function ColorField({
  name,
  label,
  value,
  error,
  fallback = name === "bg" ? "#ffffff" : "#000000",
  swatches,
  same,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  fallback?: string;
  swatches?: readonly (readonly [string, string])[];
  same?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const shown = validHex(value) ?? fallback;
  const invalid = error ? true : undefined;
  return (
    <div className="field color-field">
      <label htmlFor={id}>{label}</label>
      <div className="color-control">
        {/* Without JavaScript the native picker is the control that submits. */}
        <input
          id={id}
          type="color"
          name={name}
          value={shown}
          aria-invalid={invalid}
          onChange={(event) => onChange(event.target.value)}
        />
        {swatches || same ? <input type="hidden" name={`${name}Was`} value={shown} /> : null}
        {hydrated ? (
          <input
            type="text"
            className="color-text"
            aria-label={`${label} as hex`}
            value={value}
            placeholder={same ? fallback : undefined}
            maxLength={7}
            spellCheck={false}
            aria-invalid={invalid}
            onChange={(event) => onChange(event.target.value.trim())}
          />
        ) : (
          <code className="color-text">{value || same}</code>
        )}
      </div>
      {swatches || same ? (
        <div className="swatches" role="radiogroup" aria-label={`${label}: quick choices`}>
          {same !== undefined ? (
            <label className="swatch swatch-same" title={same}>
              <input
                type="radio"
                name={`${name}Swatch`}
                value=""
                checked={value === ""}
                onChange={() => onChange("")}
              />
              <span className="swatch-chip" style={{ background: fallback }} aria-hidden="true" />
              <span>{same}</span>
            </label>
          ) : null}
          {(swatches ?? []).map(([color, colorName]) => (
            <label key={color} className="swatch" title={colorName}>
              <input
                type="radio"
                name={`${name}Swatch`}
                value={color}
                checked={value.toLowerCase() === color}
                onChange={() => onChange(color)}
              />
              <span className="swatch-chip" style={{ background: color }} aria-hidden="true" />
              <span className="sr-only">{colorName}</span>
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}
