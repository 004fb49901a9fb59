import { Form } from "react-router";
import type { bulkPage, CheckAnswer } from "../../bulk/page.server";
import { Trans, useLocale, useT } from "../../i18n/i18n";
import { QR_SIZES, QR_TYPES } from "../../qr/types";
import { FileDropZone } from "../file-drop-zone";
import { Result, toResult } from "../result";
import { useBulkMessage } from "./bulk-message";

type Page = Extract<Awaited<ReturnType<typeof bulkPage>>, { signedIn: true }>;
type Refusal = Extract<CheckAnswer, { ok: false }>;

function FieldError({ id, message }: { id: string; message?: string }) {
  const text = useBulkMessage();
  return message ? (
    <p className="field-error" id={id}>
      {text(message)}
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
  const t = useT();
  const text = useBulkMessage();
  const { code } = useLocale();
  const fields = error?.fields ?? {};
  const invalid = (name: string) =>
    fields[name] ? { "aria-invalid": true as const, "aria-describedby": `bulk-${name}-error` } : {};
  return (
    <section className="card bulk-upload" aria-labelledby="upload-heading">
      <h2 id="upload-heading">{again ? t("bulk.upload.again") : t("bulk.upload.title")}</h2>
      <p className="muted">
        <Trans
          id="bulk.upload.help"
          values={{
            rows: new Intl.NumberFormat(code).format(page.rowsPerBatch),
            plan: page.planName,
          }}
          components={{
            0: <code />,
            1: <code />,
            2: <code />,
            3: <code />,
            4: <code />,
            5: <code />,
            6: <code />,
            7: <code />,
            8: <code />,
            9: <code />,
            10: <code />,
          }}
        />
      </p>
      <p className="bulk-templates">
        <span>{t("bulk.upload.templates")}</span>
        {QR_TYPES.map((type) => (
          <a key={type} href={`/bulk/template.csv?type=${type}`} download>
            {t(`bulk.qrType.${type}`)}
          </a>
        ))}
      </p>
      {error ? (
        <Result as="p" answer={error} className="notice notice-error" role="alert">
          <span id="bulk-error">{text(error.message)}</span>
        </Result>
      ) : null}
      <Form
        method="post"
        action={toResult("/bulk?intent=check")}
        encType="multipart/form-data"
        noValidate
      >
        <div className="field">
          <label htmlFor="bulk-file">{t("bulk.upload.file")}</label>
          <FileDropZone
            id="bulk-file"
            name="file"
            what={t("bulk.upload.what")}
            accept=".csv,text/csv"
            required
            {...invalid("file")}
          />
          <FieldError id="bulk-file-error" message={fields.file} />
        </div>
        <fieldset className="bulk-options">
          <legend>{t("bulk.upload.options")}</legend>
          <div className="field">
            <span className="field-label" id="bulk-format-label">
              {t("bulk.upload.format")}
            </span>
            <div className="choice-row" role="radiogroup" aria-labelledby="bulk-format-label">
              <label>
                <input type="radio" name="format" value="png" defaultChecked /> PNG
              </label>
              <label>
                <input type="radio" name="format" value="svg" disabled={!page.svg} /> SVG
              </label>
              <label>
                <input type="radio" name="format" value="both" disabled={!page.svg} />{" "}
                {t("bulk.upload.both")}
              </label>
            </div>
            <FieldError id="bulk-format-error" message={fields.format} />
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="bulk-size">{t("bulk.upload.size")}</label>
              <select id="bulk-size" name="size" defaultValue="512" {...invalid("size")}>
                {QR_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {t("bulk.upload.sizeOption", { size })}
                  </option>
                ))}
              </select>
              <FieldError id="bulk-size-error" message={fields.size} />
            </div>
            <div className="field">
              <label htmlFor="bulk-fg">{t("bulk.upload.fg")}</label>
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
              <label htmlFor="bulk-bg">{t("bulk.upload.bg")}</label>
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
              <label htmlFor="bulk-logo">{t("bulk.upload.logo")}</label>
              <select id="bulk-logo" name="logo" defaultValue="" {...invalid("logo")}>
                <option value="">{t("bulk.upload.noLogo")}</option>
                {page.logos.map((logo, index) => (
                  <option key={logo.key} value={logo.key}>
                    {logo.title
                      ? t("bulk.upload.logoUsedBy", { n: index + 1, title: logo.title })
                      : t("bulk.upload.logoN", { n: index + 1 })}
                  </option>
                ))}
              </select>
              <FieldError id="bulk-logo-error" message={fields.logo} />
            </div>
          ) : (
            <p className="muted small">{t("bulk.upload.logoHint")}</p>
          )}
          {page.styles.length > 0 ? (
            <div className="field">
              <label htmlFor="bulk-style">{t("bulk.upload.style")}</label>
              <select
                id="bulk-style"
                name="styleId"
                defaultValue=""
                aria-describedby="bulk-style-hint"
                {...invalid("styleId")}
              >
                <option value="">{t("bulk.upload.noStyle")}</option>
                {page.styles.map((style) => (
                  <option key={style.id} value={style.id}>
                    {style.name}
                  </option>
                ))}
              </select>
              <p className="field-hint" id="bulk-style-hint">
                {t("bulk.upload.styleHint")}
              </p>
              <FieldError id="bulk-styleId-error" message={fields.styleId} />
            </div>
          ) : page.stylesRefusal ? (
            <p className="muted small">{text(page.stylesRefusal)}</p>
          ) : null}
          <label className="check">
            <input type="checkbox" name="save" /> {t("bulk.upload.save")}
          </label>
          {page.tracking ? (
            <label className="check">
              <input type="checkbox" name="track" {...invalid("track")} /> {t("bulk.upload.track")}
            </label>
          ) : null}
          <FieldError id="bulk-track-error" message={fields.track} />
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t("bulk.upload.checking") : t("bulk.upload.check")}
        </button>
      </Form>
    </section>
  );
}
