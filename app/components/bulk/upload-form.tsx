import { Form } from "react-router";
import type { bulkPage, CheckAnswer } from "../../bulk/page.server";
import { QR_SIZES, QR_TYPES, QR_TYPE_LABELS } from "../../qr/types";
import { FileDropZone } from "../file-drop-zone";
import { Result, toResult } from "../result";

type Page = Extract<Awaited<ReturnType<typeof bulkPage>>, { signedIn: true }>;
type Refusal = Extract<CheckAnswer, { ok: false }>;

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}

/** The upload with its options; posts multipart to /bulk and works the same without JavaScript. */
export function BulkUploadForm({
  page,
  error,
  again,
  pending,
}: {
  page: Page;
  error: Refusal | null;
  again: boolean;
  pending: boolean;
}) {
  const fields = error?.fields ?? {};
  const invalid = (name: string) =>
    fields[name] ? { "aria-invalid": true as const, "aria-describedby": `bulk-${name}-error` } : {};
  return (
    <section className="card bulk-upload" aria-labelledby="upload-heading">
      <h2 id="upload-heading">{again ? "Upload a fixed file" : "Upload a CSV file"}</h2>
      <p className="muted">
        One row per code, the first row naming the columns: <code>type</code> (url, text, email,
        phone, sms, wifi or contact; url when absent), the generator&apos;s fields such as{" "}
        <code>url</code> or <code>ssid</code>, and optionally <code>title</code>,{" "}
        <code>filename</code>, <code>size</code>, <code>fg</code> and <code>bg</code>, and design
        columns such as <code>dotShape</code>, <code>frame</code> or <code>gradientType</code> (the
        templates list them all). Up to {page.rowsPerBatch.toLocaleString("en-US")} rows and 5 MB on
        the {page.planName} plan; comma or semicolon separated, UTF-8.
      </p>
      <p className="bulk-templates">
        <span>Templates:</span>
        {QR_TYPES.map((type) => (
          <a key={type} href={`/bulk/template.csv?type=${type}`} download>
            {QR_TYPE_LABELS[type]}
          </a>
        ))}
      </p>
      {error ? (
        <Result as="p" answer={error} className="notice notice-error" role="alert">
          <span id="bulk-error">{error.message}</span>
        </Result>
      ) : null}
      <Form
        method="post"
        action={toResult("/bulk?intent=check")}
        encType="multipart/form-data"
        noValidate
      >
        <div className="field">
          <label htmlFor="bulk-file">CSV file</label>
          <FileDropZone
            id="bulk-file"
            name="file"
            what="your CSV file"
            accept=".csv,text/csv"
            required
            {...invalid("file")}
          />
          <FieldError id="bulk-file-error" message={fields.file} />
        </div>
        <fieldset className="bulk-options">
          <legend>Options</legend>
          <div className="field">
            <span className="field-label" id="bulk-format-label">
              Image format
            </span>
            <div className="choice-row" role="radiogroup" aria-labelledby="bulk-format-label">
              <label>
                <input type="radio" name="format" value="png" defaultChecked /> PNG
              </label>
              <label>
                <input type="radio" name="format" value="svg" disabled={!page.svg} /> SVG
              </label>
              <label>
                <input type="radio" name="format" value="both" disabled={!page.svg} /> Both
              </label>
            </div>
            <FieldError id="bulk-format-error" message={fields.format} />
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="bulk-size">Size (rows without a size)</label>
              <select id="bulk-size" name="size" defaultValue="512" {...invalid("size")}>
                {QR_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size} × {size} px
                  </option>
                ))}
              </select>
              <FieldError id="bulk-size-error" message={fields.size} />
            </div>
            <div className="field">
              <label htmlFor="bulk-fg">Foreground</label>
              <input
                id="bulk-fg"
                name="fg"
                type="color"
                defaultValue="#000000"
                {...invalid("fg")}
              />
              <FieldError id="bulk-fg-error" message={fields.fg} />
            </div>
            <div className="field">
              <label htmlFor="bulk-bg">Background</label>
              <input
                id="bulk-bg"
                name="bg"
                type="color"
                defaultValue="#ffffff"
                {...invalid("bg")}
              />
              <FieldError id="bulk-bg-error" message={fields.bg} />
            </div>
          </div>
          {page.logos.length > 0 ? (
            <div className="field">
              <label htmlFor="bulk-logo">Logo</label>
              <select id="bulk-logo" name="logo" defaultValue="" {...invalid("logo")}>
                <option value="">No logo</option>
                {page.logos.map((logo) => (
                  <option key={logo.key} value={logo.key}>
                    {logo.label}
                  </option>
                ))}
              </select>
              <FieldError id="bulk-logo-error" message={fields.logo} />
            </div>
          ) : (
            <p className="muted small">
              A logo this workspace&apos;s codes already use can be drawn on every code; upload one
              in the generator first.
            </p>
          )}
          {page.styles.length > 0 ? (
            <div className="field">
              <label htmlFor="bulk-style">Brand style</label>
              <select
                id="bulk-style"
                name="styleId"
                defaultValue=""
                aria-describedby="bulk-style-hint"
                {...invalid("styleId")}
              >
                <option value="">No style</option>
                {page.styles.map((style) => (
                  <option key={style.id} value={style.id}>
                    {style.name}
                  </option>
                ))}
              </select>
              <p className="field-hint" id="bulk-style-hint">
                Every code starts from this design, its colours instead of the ones above; a
                row&apos;s own design columns override it.
              </p>
              <FieldError id="bulk-styleId-error" message={fields.styleId} />
            </div>
          ) : page.stylesRefusal ? (
            <p className="muted small">{page.stylesRefusal}</p>
          ) : null}
          <label className="check">
            <input type="checkbox" name="save" /> Also save them as codes in this workspace
          </label>
          {page.tracking ? (
            <label className="check">
              <input type="checkbox" name="track" {...invalid("track")} /> Track scans of website
              codes (saves them, and each code encodes its short link)
            </label>
          ) : null}
          <FieldError id="bulk-track-error" message={fields.track} />
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Checking…" : "Check the file"}
        </button>
      </Form>
    </section>
  );
}
