import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Trans, useLocalePath, useT } from "../../i18n/i18n";
import { PLANS } from "../../plans/catalogue";
import { useAuth } from "../auth/auth-state";
import { SettingsInputs } from "./settings-inputs";
import { FileDropZone } from "../file-drop-zone";

/**
 * Adding a logo (Premium and Ultimate): a multipart post of the file with the current settings.
 * Others see what it takes.
 */
export function LogoForm({ query, logoKey }: { query: string | null; logoKey: string | null }) {
  const { user } = useAuth();
  const fileId = useId();
  const navigation = useNavigation();
  const t = useT();
  const localePath = useLocalePath();
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "logo";
  if (!user || !PLANS[user.plan].capabilities.logo) {
    return (
      <p className="muted small">
        <Trans
          id="generator.logo.locked"
          components={{
            0: <Link to={localePath(user ? "/pricing" : "/signin?reason=logo")} />,
          }}
        />
      </p>
    );
  }
  return (
    <Form
      method="post"
      action={localePath("/") + "?index"}
      encType="multipart/form-data"
      className="save-form"
      aria-label={t("generator.logo.label")}
    >
      <SettingsInputs query={query} />
      <input type="hidden" name="intent" value="logo" />
      <label htmlFor={fileId}>
        {logoKey ? t("generator.logo.replace") : t("generator.logo.field")}
      </label>
      <FileDropZone
        id={fileId}
        name="logo"
        what={t("generator.logo.what")}
        accept="image/png,image/jpeg"
        required
      />
      <div className="share-row">
        <button type="submit" className="btn btn-ghost" disabled={!query || uploading}>
          {uploading ? t("generator.logo.uploading") : t("generator.logo.add")}
        </button>
      </div>
      <p className="muted small">
        {t("generator.logo.hint")}
        {logoKey && query ? (
          <>
            {" "}
            <Link to={localePath(`/?${query}#generator`)}>{t("generator.logo.remove")}</Link>
          </>
        ) : null}
      </p>
    </Form>
  );
}
