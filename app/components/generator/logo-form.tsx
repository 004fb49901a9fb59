import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
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
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "logo";
  if (!user || !PLANS[user.plan].capabilities.logo) {
    return (
      <p className="muted small">
        Add your logo to the code with{" "}
        <Link to={user ? "/pricing" : "/signin?reason=logo"}>Premium or Ultimate</Link>.
      </p>
    );
  }
  return (
    <Form
      method="post"
      action="/?index"
      encType="multipart/form-data"
      className="save-form"
      aria-label="Add a logo"
    >
      <SettingsInputs query={query} />
      <input type="hidden" name="intent" value="logo" />
      <label htmlFor={fileId}>{logoKey ? "Replace logo" : "Logo"}</label>
      <FileDropZone
        id={fileId}
        name="logo"
        what="your logo"
        accept="image/png,image/jpeg"
        required
      />
      <div className="share-row">
        <button type="submit" className="btn btn-ghost" disabled={!query || uploading}>
          {uploading ? "Uploading..." : "Add logo"}
        </button>
      </div>
      <p className="muted small">
        PNG or JPEG up to 2 MB. The code switches to the highest error correction so it still scans.
        {logoKey && query ? (
          <>
            {" "}
            <Link to={`/?${query}#generator`}>Remove logo</Link>
          </>
        ) : null}
      </p>
    </Form>
  );
}
