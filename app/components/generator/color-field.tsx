import { useId } from "react";
import { useT } from "../../i18n/i18n";
import { useHydrated } from "../use-hydrated";

function validHex(color: string): string | null {
  return /^#[\da-f]{6}$/i.test(color) ? color.toLowerCase() : null;
}

/** Colours one click away (issue #29 item 14c): dark enough on white to scan. Names are message ids. */
export const SWATCHES = [
  ["#000000", "generator.color.black"],
  ["#1e3a8a", "generator.color.navy"],
  ["#1d4ed8", "generator.color.blue"],
  ["#166534", "generator.color.green"],
  ["#9f1239", "generator.color.crimson"],
  ["#6d28d9", "generator.color.violet"],
] as const;

export const LIGHT_SWATCHES = [
  ["#ffffff", "generator.color.white"],
  ["#fefce8", "generator.color.cream"],
  ["#f1f5f9", "generator.color.mist"],
  ["#ecfdf5", "generator.color.mint"],
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
  const t = useT();
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
            dir="ltr"
            aria-label={t("generator.color.hex", { label })}
            value={value}
            placeholder={same ? fallback : undefined}
            maxLength={7}
            spellCheck={false}
            aria-invalid={invalid}
            onChange={(event) => onChange(event.target.value.trim())}
          />
        ) : (
          <code className="color-text" dir="ltr">
            {value || same}
          </code>
        )}
      </div>
      {swatches || same ? (
        <div
          className="swatches"
          role="radiogroup"
          aria-label={t("generator.color.quick", { label })}
        >
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
          {(swatches ?? []).map(([color, nameId]) => (
            <label key={color} className="swatch" title={t(nameId)}>
              <input
                type="radio"
                name={`${name}Swatch`}
                value={color}
                checked={value.toLowerCase() === color}
                onChange={() => onChange(color)}
              />
              <span className="swatch-chip" style={{ background: color }} aria-hidden="true" />
              <span className="sr-only">{t(nameId)}</span>
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}
