import { useId } from "react";
import { useHydrated } from "../use-hydrated";

function validHex(color: string): string | null {
  return /^#[\da-f]{6}$/i.test(color) ? color.toLowerCase() : null;
}

/**
 * A colour: the native picker, which is what submits without JavaScript, and with JavaScript a
 * text field for typing the hex (it may be half-typed, so the picker keeps its last valid value).
 */
export function ColorField({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: "fg" | "bg";
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const fallback = name === "fg" ? "#000000" : "#ffffff";
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="color-control">
        {/* Without JavaScript the native picker is the control that submits. */}
        <input
          id={id}
          type="color"
          name={name}
          value={validHex(value) ?? fallback}
          onChange={(event) => onChange(event.target.value)}
        />
        {hydrated ? (
          <input
            type="text"
            className="color-text"
            aria-label={`${label} as hex`}
            value={value}
            maxLength={7}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.target.value.trim())}
          />
        ) : (
          <code className="color-text">{value}</code>
        )}
      </div>
    </div>
  );
}
