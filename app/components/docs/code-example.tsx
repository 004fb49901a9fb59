import { CopyButton } from "../copy-button";

/** A labelled, copyable code sample of the API reference (operations and the webhooks guide). */
export function CodeExample({ label, code, id }: { label: string; code: string; id: string }) {
  return (
    <figure className="api-example">
      <figcaption>
        <span>{label}</span>
        <CopyButton text={code} label={`Copy ${label}`} copiedTitle="Copied!" />
      </figcaption>
      <pre tabIndex={0} aria-labelledby={id}>
        <code id={id}>{code}</code>
      </pre>
    </figure>
  );
}
