import { CopyButton } from "../copy-button";
import { useT } from "../../i18n/i18n";

/** A labelled, copyable code sample of the API reference (operations and the webhooks guide). */
export function CodeExample({ label, code, id }: { label: string; code: string; id: string }) {
  const t = useT();
  return (
    <figure className="api-example">
      <figcaption>
        <span>{label}</span>
        <CopyButton text={code} label={t("docs.copy", { label })} copiedTitle={t("docs.copied")} />
      </figcaption>
      <pre tabIndex={0} aria-labelledby={id}>
        <code id={id}>{code}</code>
      </pre>
    </figure>
  );
}
