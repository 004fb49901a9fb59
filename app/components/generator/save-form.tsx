import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Trans, useLocale, useLocalePath, useT } from "../../i18n/i18n";
import { PLANS } from "../../plans/catalogue";
import { canSaveType } from "../../plans/rules";
import { QR_TYPES } from "../../qr/types";
import type { QrType } from "../../qr/types";
import { useAuth } from "../auth/auth-state";
import { SettingsInputs } from "./settings-inputs";
import { TrackingOptions } from "./tracking-options";

/** The save form's title and choices, kept through a refused save or a sign-up (issue #29 item 2). */
export interface SaveFormState {
  title: string;
  track: boolean;
  /** Back from sign-up or sign-in with a code to save: offered with one "Save it now". */
  pending: boolean;
}

export const EMPTY_SAVE_FORM: SaveFormState = { title: "", track: false, pending: false };

/**
 * Saving the code shown: a plain post of the same settings and a title, so it works without
 * JavaScript; a visitor is sent to sign up first (spec section 5), and the code, its title and
 * track choice come back with them, to be saved with one "Save it now".
 */
export function SaveForm({
  query,
  logoKey,
  linkDomains,
  origin,
  type,
  state = EMPTY_SAVE_FORM,
}: {
  query: string | null;
  /** The type being made, even while its fields are incomplete. */
  type: QrType;
  logoKey: string | null;
  linkDomains: { id: string; hostname: string }[];
  origin: string;
  state?: SaveFormState;
}) {
  const { user } = useAuth();
  const titleId = useId();
  const noteId = useId();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.has("title") === true;
  const pending = user !== null && state.pending;
  // A visitor hears what a free account cannot save before signing up, not after.
  const freeVerdict = user ? { ok: true as const } : canSaveType("free", type);
  const t = useT();
  const { code } = useLocale();
  const localePath = useLocalePath();
  // The Free plan's types, as canSaveType names them, in the page's language.
  const freeTypes = new Intl.ListFormat(code, { type: "conjunction" }).format(
    QR_TYPES.filter((kind) => PLANS.free.capabilities.allowedQrTypes.includes(kind)).map((kind) =>
      t(`generator.type.${kind}`),
    ),
  );
  return (
    <Form
      method="post"
      action={localePath("/") + "?index"}
      className="save-form"
      aria-label={t("generator.save.label")}
    >
      <SettingsInputs query={query} />
      {logoKey ? <input type="hidden" name="logo" value={logoKey} /> : null}
      {pending ? (
        <p className="notice notice-success" role="status">
          <Trans id="generator.save.pending" components={{ 0: <strong /> }} />
        </p>
      ) : null}
      <TrackingOptions
        query={query}
        linkDomains={linkDomains}
        origin={origin}
        defaultChecked={state.track}
      />
      <label htmlFor={titleId}>{t("generator.save.title")}</label>
      <div className="share-row">
        <input
          id={titleId}
          name="title"
          required
          maxLength={120}
          placeholder={t("generator.save.placeholder")}
          autoComplete="off"
          defaultValue={state.title}
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!query || saving}
          aria-describedby={freeVerdict.ok ? undefined : noteId}
        >
          {saving
            ? t("generator.save.saving")
            : pending
              ? t("generator.save.now")
              : t("generator.save.submit")}
        </button>
      </div>
      {user ? null : freeVerdict.ok ? (
        <p className="muted small">{t("generator.save.needsAccount")}</p>
      ) : (
        <p id={noteId} className="notice notice-warning small save-plan-note">
          {t("generator.save.freeTypes", { names: freeTypes, type: t(`generator.type.${type}`) })}{" "}
          {t("generator.save.stillDownload")}{" "}
          <Link to={localePath("/pricing")}>{t("generator.save.compare")}</Link>
        </p>
      )}
    </Form>
  );
}
