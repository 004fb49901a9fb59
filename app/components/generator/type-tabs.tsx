import type { GeneratorFields } from "../../qr/fields";
import { useLocalePath, useT } from "../../i18n/i18n";
import { FROM_GENERATOR, QR_TYPES, type QrType } from "../../qr/types";

/**
 * The code types as links that reload the generator with the type and style kept; with
 * JavaScript a click switches the type in place.
 */
export function TypeTabs({
  fields,
  onChoose,
}: {
  fields: Pick<GeneratorFields, "type" | "size" | "fg" | "bg">;
  onChoose: (type: QrType) => void;
}) {
  const t = useT();
  const localePath = useLocalePath();
  const typeHref = (type: QrType) =>
    localePath(
      `/?${new URLSearchParams({ type, size: fields.size, fg: fields.fg.slice(1), bg: fields.bg.slice(1), [FROM_GENERATOR.name]: FROM_GENERATOR.value })}#generator`,
    );
  return (
    <nav className="type-tabs" aria-label={t("generator.types.label")} data-tour="generator">
      {QR_TYPES.map((type) => (
        <a
          key={type}
          href={typeHref(type)}
          className="type-tab"
          aria-current={fields.type === type ? "true" : undefined}
          onClick={(event) => {
            event.preventDefault();
            onChoose(type);
          }}
        >
          {t(`generator.type.${type}`)}
        </a>
      ))}
    </nav>
  );
}
