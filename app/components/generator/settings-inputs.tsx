/** The code's settings as hidden inputs, so that a form posts the code shown. */
export function SettingsInputs({ query }: { query: string | null }) {
  return query
    ? [...new URLSearchParams(query)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))
    : null;
}
