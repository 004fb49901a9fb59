import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { useAuth } from "../auth/auth-state";
import { SettingsInputs } from "./settings-inputs";
import { TrackingOptions } from "./tracking-options";

/**
 * Saving the code shown: a plain post of the same settings and a title, so it works without
 * JavaScript; a visitor is sent to sign up first (spec section 5).
 */
export function SaveForm({
  query,
  logoKey,
  linkDomains,
  origin,
}: {
  query: string | null;
  logoKey: string | null;
  linkDomains: { id: string; hostname: string }[];
  origin: string;
}) {
  const { user } = useAuth();
  const titleId = useId();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.has("title") === true;
  return (
    <Form method="post" action="/?index" className="save-form" aria-label="Save this code">
      <SettingsInputs query={query} />
      {logoKey ? <input type="hidden" name="logo" value={logoKey} /> : null}
      <TrackingOptions query={query} linkDomains={linkDomains} origin={origin} />
      <label htmlFor={titleId}>Title</label>
      <div className="share-row">
        <input
          id={titleId}
          name="title"
          required
          maxLength={120}
          placeholder="e.g. Café menu"
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" disabled={!query || saving}>
          {saving ? "Saving..." : "Save QR Code"}
        </button>
      </div>
      {user ? null : (
        <p className="muted small">Saving needs a free account; you will be asked to sign up.</p>
      )}
    </Form>
  );
}
