import { Form, Link } from "react-router";
import type { BrandTabAction, BrandTabData } from "../../dashboard/brand-tab.server";
import { FieldError } from "../field-error";
import { TabFormFields } from "./tab-form-fields";
import { FileDropZone } from "../file-drop-zone";
import { useT } from "../../i18n/i18n";

// The dashboard's Brand tab (white label, Ultimate): one multipart form posting to
// /dashboard?tab=brand, so it works without JavaScript, and a preview of the page people see
// when a code leads nowhere.

const ACTION = "/dashboard?tab=brand";

type Errors = NonNullable<BrandTabAction["brandForm"]>["errors"];

function described(id: string, error: string | undefined, hint?: string) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [error ? `${id}-error` : null, hint].filter(Boolean).join(" ") || undefined,
  } as const;
}

function Preview({ brand }: { brand: NonNullable<BrandTabData["brand"]> }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="brand-preview-heading">
      <h2 id="brand-preview-heading">{t("integrations.brand.preview.title")}</h2>
      <p className="muted small">{t("integrations.brand.preview.when")}</p>
      <div className="brand-preview" style={{ borderTopColor: brand.accentColor }}>
        {brand.logoUrl ? (
          <img src={brand.logoUrl} alt={brand.name} height={48} />
        ) : (
          <strong style={{ color: brand.accentColor }}>{brand.name}</strong>
        )}
        <p className="brand-preview-title">{t("integrations.brand.preview.deleted")}</p>
        <p className="muted small">
          {t("integrations.brand.preview.deletedText")}
          {brand.supportUrl ? (
            <>
              {" "}
              <a href={brand.supportUrl} style={{ color: brand.accentColor }}>
                {t("integrations.brand.contact", { name: brand.name })}
              </a>
            </>
          ) : null}
        </p>
      </div>
    </section>
  );
}

function RemoveBrand({ workspaceId }: { workspaceId: string }) {
  const t = useT();
  return (
    <Form method="post" action={ACTION} className="brand-remove">
      <TabFormFields workspaceId={workspaceId} intent="remove-brand" />
      <button type="submit" className="btn btn-secondary">
        {t("integrations.brand.remove")}
      </button>
    </Form>
  );
}

/** A file field for one of the brand's images, with its hint, its error and "Remove". */
function ImageField({
  id,
  name,
  label,
  accept,
  hint,
  error,
  remove,
  what,
}: {
  id: string;
  name: string;
  label: string;
  accept: string;
  hint: string;
  error: string | undefined;
  remove: { name: string; label: string } | null;
  /** What to drop, in the page's language: "an image". */
  what: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FileDropZone
        id={id}
        name={name}
        what={what}
        accept={accept}
        {...described(id, error, `${id}-hint`)}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
      {remove ? (
        <label className="checkbox">
          <input type="checkbox" name={remove.name} /> {remove.label}
        </label>
      ) : null}
    </div>
  );
}

function BrandForm({ tab, action }: { tab: BrandTabData; action: BrandTabAction["brandForm"] }) {
  const t = useT();
  const errors: Errors = action?.errors ?? {};
  const values = action?.values ?? {
    name: tab.brand?.name ?? "",
    accentColor: tab.brand?.accentColor ?? tab.defaultAccent,
    supportUrl: tab.brand?.supportUrl ?? "",
  };
  return (
    <section className="card" aria-labelledby="brand-form-heading">
      <h2 id="brand-form-heading">
        {tab.brand ? t("integrations.brand.form.yours") : t("integrations.brand.form.set")}
      </h2>
      {errors.form ? (
        <p className="notice notice-error" role="alert">
          {errors.form}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p className="notice notice-error" role="alert">
          {t("integrations.brand.form.nothingSaved")}
        </p>
      ) : null}
      <Form
        method="post"
        action={ACTION}
        encType="multipart/form-data"
        className="brand-form"
        key={tab.brand ? `${tab.brand.name}${tab.brand.logoUrl}${tab.brand.faviconUrl}` : "new"}
      >
        <TabFormFields workspaceId={tab.workspaceId} intent="save-brand" />
        <div className="field">
          <label htmlFor="brand-name">{t("integrations.brand.form.name")}</label>
          <input
            id="brand-name"
            name="name"
            required
            maxLength={60}
            autoComplete="organization"
            defaultValue={values.name}
            {...described("brand-name", errors.name)}
          />
          <FieldError id="brand-name-error" errors={errors.name ? [errors.name] : undefined} />
        </div>
        <div className="field">
          <label htmlFor="brand-accent">{t("integrations.brand.form.accent")}</label>
          <div className="color-control">
            <input
              id="brand-accent"
              name="accentColor"
              type="color"
              defaultValue={values.accentColor}
              {...described("brand-accent", errors.accentColor, "brand-accent-hint")}
            />
          </div>
          <p className="field-hint" id="brand-accent-hint">
            {t("integrations.brand.form.accentHint")}
          </p>
          <FieldError
            id="brand-accent-error"
            errors={errors.accentColor ? [errors.accentColor] : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="brand-support">{t("integrations.brand.form.support")}</label>
          <input
            id="brand-support"
            name="supportUrl"
            type="text"
            inputMode="url"
            maxLength={500}
            placeholder={t("integrations.brand.form.supportPlaceholder")}
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values.supportUrl}
            {...described("brand-support", errors.supportUrl, "brand-support-hint")}
          />
          <p className="field-hint" id="brand-support-hint">
            {t("integrations.brand.form.supportHint", {
              name: values.name || t("integrations.brand.form.yourBrand"),
            })}
          </p>
          <FieldError
            id="brand-support-error"
            errors={errors.supportUrl ? [errors.supportUrl] : undefined}
          />
        </div>
        <ImageField
          id="brand-logo"
          name="logo"
          label={t("integrations.brand.form.logo")}
          what={t("integrations.brand.form.dropImage")}
          accept="image/png,image/jpeg"
          hint={
            t("integrations.brand.form.logoHint") +
            (tab.brand?.logoUrl ? ` ${t("integrations.brand.form.logoReplace")}` : "")
          }
          error={errors.logo}
          remove={
            tab.brand?.logoUrl
              ? { name: "removeLogo", label: t("integrations.brand.form.removeLogo") }
              : null
          }
        />
        <ImageField
          id="brand-favicon"
          name="favicon"
          label={t("integrations.brand.form.favicon")}
          what={t("integrations.brand.form.dropImage")}
          accept="image/png,image/x-icon,.ico"
          hint={t("integrations.brand.form.faviconHint")}
          error={errors.favicon}
          remove={
            tab.brand?.faviconUrl
              ? { name: "removeFavicon", label: t("integrations.brand.form.removeFavicon") }
              : null
          }
        />
        <button type="submit" className="btn btn-primary">
          {t("integrations.brand.form.submit")}
        </button>
      </Form>
      {tab.brand ? <RemoveBrand workspaceId={tab.workspaceId} /> : null}
    </section>
  );
}

/** Owners upgrade on the Plans tab; everyone else can only compare plans. */
export function UpgradeLink({ href }: { href: string }) {
  const t = useT();
  return (
    <Link to={href}>
      {href === "/pricing" ? t("integrations.api.comparePlans") : t("integrations.api.upgrade")}
    </Link>
  );
}

export function BrandTab({
  tab,
  action,
}: {
  tab: BrandTabData;
  action: BrandTabAction | undefined;
}) {
  const t = useT();
  return (
    <div className="team" role="region" aria-labelledby="brand-heading">
      <div className="card">
        <h2 id="brand-heading">{t("integrations.brand.title")}</h2>
        <p>{t("integrations.brand.intro")}</p>
        {!tab.allowed ? (
          <div className="notice notice-warning" role="status">
            <p>
              {t("integrations.brand.plan", { plan: tab.planName })}
              {tab.brand ? ` ${t("integrations.brand.planKept")}` : ""}
            </p>
            <UpgradeLink href={tab.upgrade.href} />
          </div>
        ) : null}
      </div>
      {tab.brand && tab.allowed ? <Preview brand={tab.brand} /> : null}
      {!tab.manage ? (
        <p className="notice" role="status">
          {t("integrations.ownersAndAdmins")}
        </p>
      ) : tab.allowed ? (
        <BrandForm tab={tab} action={action?.brandForm} />
      ) : tab.brand ? (
        // After a downgrade the saved brand can still be deleted.
        <div className="card">
          <RemoveBrand workspaceId={tab.workspaceId} />
        </div>
      ) : null}
    </div>
  );
}
