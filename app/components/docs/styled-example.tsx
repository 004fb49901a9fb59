import { CodeExample } from "./code-example";

/**
 * /docs/api's styled image (issue #28): a request with design fields, and the image the API
 * answers for it, drawn on the server from the same body.
 */
export function StyledExample({
  origin,
  body,
  svg,
}: {
  origin: string;
  body: unknown;
  svg: string;
}) {
  const json = JSON.stringify(body, null, 2);
  const curl = [
    `curl -X POST "${origin}/api/v1/images"`,
    '  -H "Authorization: Bearer $QRC_API_KEY"',
    '  -H "Content-Type: application/json"',
    `  -d '${JSON.stringify(body)}'`,
    "  --output code.svg",
  ].join(" \\\n");
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <section id="styled-example" className="card" aria-labelledby="styled-example-heading">
      <h2 id="styled-example-heading">A styled image</h2>
      <p>
        <code>customization</code> takes the generator&rsquo;s design: dot shape, corner styles and
        colours, a gradient, a frame with its text. Every styled image is decoded before it is
        answered; a design that would not scan is refused with a 400 naming the part to change. This
        request:
      </p>
      <figure className="api-example">
        <figcaption>
          <span>Request body</span>
        </figcaption>
        <pre tabIndex={0} aria-labelledby="styled-example-body">
          <code id="styled-example-body">{json}</code>
        </pre>
      </figure>
      <CodeExample label="curl" code={curl} id="styled-example-curl" />
      <p>answers this SVG (PNG, PDF and EPS draw the same design):</p>
      <img
        id="styled-example-image"
        src={src}
        width={256}
        alt="A QR code for https://example.com/menu with rounded dots in a blue-to-purple gradient, rounded blue corners and a box frame reading Scan me"
      />
    </section>
  );
}
