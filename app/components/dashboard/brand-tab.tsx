import { Form, Link } from "react-router";
import type { BrandTabAction, BrandTabData } from "../../dashboard/brand-tab.server";
import { FieldError } from "../field-error";
import { TabFormFields } from "./tab-form-fields";
import { FileDropZone } from "../file-drop-zone";

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
  return (
    <section className="card" aria-labelledby="brand-preview-heading">
      <h2 id="brand-preview-heading">What people scanning your codes see</h2>
      <p className="muted small">
        When a code was deleted or a link does not exist, on your domains and on our short links.
      </p>
      <div className="brand-preview" style={{ borderTopColor: brand.accentColor }}>
        {brand.logoUrl ? (
          <img src={brand.logoUrl} alt={brand.name} height={48} />
        ) : (
          <strong style={{ color: brand.accentColor }}>{brand.name}</strong>
        )}
        <p className="brand-preview-title">This QR code was deleted</p>
        <p className="muted small">
          Its owner deleted it, so it no longer leads anywhere.
          {brand.supportUrl ? (
            <>
              {" "}
              <a href={brand.supportUrl} style={{ color: brand.accentColor }}>
                Contact {brand.name}
              </a>
            </>
          ) : null}
        </p>
      </div>
    </section>
  );
}

function RemoveBrand({ workspaceId }: { workspaceId: string }) {
  return (
    <Form method="post" action={ACTION} className="brand-remove">
      <TabFormFields workspaceId={workspaceId} intent="remove-brand" />
      <button type="submit" className="btn btn-secondary">
        Remove branding
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
}: {
  id: string;
  name: string;
  label: string;
  accept: string;
  hint: string;
  error: string | undefined;
  remove: { name: string; label: string } | null;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FileDropZone
        id={id}
        name={name}
        what="an image"
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
  const errors: Errors = action?.errors ?? {};
  const values = action?.values ?? {
    name: tab.brand?.name ?? "",
    accentColor: tab.brand?.accentColor ?? tab.defaultAccent,
    supportUrl: tab.brand?.supportUrl ?? "",
  };
  return (
    <section className="card" aria-labelledby="brand-form-heading">
      <h2 id="brand-form-heading">{tab.brand ? "Your brand" : "Set your brand"}</h2>
      {errors.form ? (
        <p className="notice notice-error" role="alert">
          {errors.form}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p className="notice notice-error" role="alert">
          Nothing was saved. Fix what is marked below.
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
          <label htmlFor="brand-name">Brand name</label>
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
          <label htmlFor="brand-accent">Accent colour</label>
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
            Used for links and the page's top edge; it must be dark enough to read on white.
          </p>
          <FieldError
            id="brand-accent-error"
            errors={errors.accentColor ? [errors.accentColor] : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="brand-support">Support link</label>
          <input
            id="brand-support"
            name="supportUrl"
            type="text"
            inputMode="url"
            maxLength={500}
            placeholder="https://example.com/help or mailto:help@example.com"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values.supportUrl}
            {...described("brand-support", errors.supportUrl, "brand-support-hint")}
          />
          <p className="field-hint" id="brand-support-hint">
            Optional. Shown as “Contact {values.name || "your brand"}”.
          </p>
          <FieldError
            id="brand-support-error"
            errors={errors.supportUrl ? [errors.supportUrl] : undefined}
          />
        </div>
        <ImageField
          id="brand-logo"
          name="logo"
          label="Logo"
          accept="image/png,image/jpeg"
          hint={`PNG or JPG, up to 2 MB.${tab.brand?.logoUrl ? " Choose a file to replace the logo." : ""}`}
          error={errors.logo}
          remove={tab.brand?.logoUrl ? { name: "removeLogo", label: "Remove the logo" } : null}
        />
        <ImageField
          id="brand-favicon"
          name="favicon"
          label="Favicon"
          accept="image/png,image/x-icon,.ico"
          hint="PNG or ICO, up to 100 KB: the icon in the browser's tab."
          error={errors.favicon}
          remove={
            tab.brand?.faviconUrl ? { name: "removeFavicon", label: "Remove the favicon" } : null
          }
        />
        <button type="submit" className="btn btn-primary">
          Save brand
        </button>
      </Form>
      {tab.brand ? <RemoveBrand workspaceId={tab.workspaceId} /> : null}
    </section>
  );
}

export function BrandTab({
  tab,
  action,
}: {
  tab: BrandTabData;
  action: BrandTabAction | undefined;
}) {
  return (
    <div className="team" role="region" aria-labelledby="brand-heading">
      <div className="card">
        <h2 id="brand-heading">White-label branding</h2>
        <p>
          Your name, logo and colour on every page people see when they scan this workspace's codes,
          with no mention of ours. Invitations to this workspace carry your brand name too.
        </p>
        {!tab.allowed ? (
          <div className="notice notice-warning" role="status">
            <p>
              White-label branding comes with Ultimate; this workspace is on {tab.planName}.
              {tab.brand ? " Your saved brand is kept, and shows again after an upgrade." : ""}
            </p>
            <Link to={tab.upgrade.href}>{tab.upgrade.label}</Link>
          </div>
        ) : null}
      </div>
      {tab.brand && tab.allowed ? <Preview brand={tab.brand} /> : null}
      {!tab.manage ? (
        <p className="notice" role="status">
          {tab.refusal}
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
