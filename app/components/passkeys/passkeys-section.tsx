import { useState } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import type { AccountActionData } from "../../accounts/page-data";
import {
  NEEDS_JAVASCRIPT,
  PASSKEY_NAME_MAX,
  type PasskeySettings,
  type PasskeyView,
  passkeyName,
  STALE_SIGN_IN_FOR_PASSKEY,
} from "../../security/passkey-schemas";
import { FieldError } from "../field-error";
import { FormattedDate } from "../formatted-date";
import { Result, toResult } from "../result";
import { useHydrated } from "../use-hydrated";
import { addPasskey, passkeysSupported } from "./ceremony";

// /account's Passkeys section (issue #31). The list, renaming and removing are plain forms that
// work without JavaScript; adding one is the WebAuthn ceremony, which needs it, so without
// JavaScript the section says so and points at the other ways to sign in.

/** The refusal of this passkey's form, if the last post was one. */
function useRefusal(intent: "passkey-rename" | "passkey-remove", passkeyId: string) {
  const answer = useActionData<AccountActionData>();
  if (answer?.intent !== intent) return null;
  const { result } = answer;
  if (result.initialValue?.passkeyId !== passkeyId) return null;
  return result;
}

function RenameForm({ passkey }: { passkey: PasskeyView }) {
  const refusal = useRefusal("passkey-rename", passkey.id);
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "passkey-rename" &&
    navigation.formData.get("passkeyId") === passkey.id;
  const inputId = `passkey-name-${passkey.id}`;
  const errors = [...(refusal?.error?.name ?? []), ...(refusal?.error?.[""] ?? [])];
  return (
    <details open={refusal !== null}>
      <summary>Rename</summary>
      <Form method="post" action={toResult("/account")} className="passkey-form">
        <input type="hidden" name="intent" value="passkey-rename" />
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <Result answer={refusal}>
          <div className="field">
            <label htmlFor={inputId}>New name</label>
            <input
              id={inputId}
              name="name"
              defaultValue={passkey.name}
              required
              maxLength={PASSKEY_NAME_MAX}
              autoComplete="off"
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={errors.length ? `${inputId}-error` : undefined}
            />
            <FieldError id={`${inputId}-error`} errors={errors} />
          </div>
          <button type="submit" className="btn btn-ghost" disabled={pending}>
            {pending ? "Saving..." : "Save passkey name"}
          </button>
        </Result>
      </Form>
    </details>
  );
}

function RemoveForm({
  passkey,
  hasPassword,
  signInAgain,
}: {
  passkey: PasskeyView;
  hasPassword: boolean;
  signInAgain: PasskeySettings["signInAgain"];
}) {
  const refusal = useRefusal("passkey-remove", passkey.id);
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "passkey-remove" &&
    navigation.formData.get("passkeyId") === passkey.id;
  const inputId = `passkey-password-${passkey.id}`;
  const passwordErrors = refusal?.error?.currentPassword ?? [];
  const formErrors = refusal?.error?.[""] ?? [];
  return (
    <details open={refusal !== null}>
      <summary>Remove</summary>
      {signInAgain ? (
        <div className="notice notice-warning" role="status">
          <p>{STALE_SIGN_IN_FOR_PASSKEY}</p>
          <a className="btn btn-primary" href={signInAgain.href}>
            Sign in again with {signInAgain.label}
          </a>
        </div>
      ) : (
        <Form method="post" action={toResult("/account")} className="passkey-form">
          <input type="hidden" name="intent" value="passkey-remove" />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <Result answer={refusal}>
            {formErrors.length ? (
              <p className="notice notice-error" role="alert">
                {formErrors[0]}
              </p>
            ) : null}
            <p className="muted small">“{passkey.name}” will no longer sign in to your account.</p>
            {hasPassword ? (
              <div className="field">
                <label htmlFor={inputId}>Your password</label>
                <input
                  id={inputId}
                  name="currentPassword"
                  type="password"
                  required
                  autoComplete="current-password"
                  aria-invalid={passwordErrors.length ? true : undefined}
                  aria-describedby={passwordErrors.length ? `${inputId}-error` : undefined}
                />
                <FieldError id={`${inputId}-error`} errors={passwordErrors} />
              </div>
            ) : null}
            <button type="submit" className="btn btn-danger" disabled={pending}>
              {pending ? "Removing..." : "Remove passkey"}
            </button>
          </Result>
        </Form>
      )}
    </details>
  );
}

function AddPasskey({ count }: { count: number }) {
  const hydrated = useHydrated();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { revalidate } = useRevalidator();
  if (hydrated && !passkeysSupported()) {
    return (
      <p className="notice" role="note">
        This browser cannot make passkeys. Sign in with your password or another provider, or add a
        passkey from a browser that supports them.
      </p>
    );
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = passkeyName.safeParse(name);
    if (!checked.success) {
      setProblem(checked.error.issues[0]!.message);
      return;
    }
    setBusy(true);
    setProblem(null);
    const outcome = await addPasskey(checked.data);
    if (outcome.ok) {
      // The page's data again: the new passkey in the list, and the server's message as a toast.
      await revalidate();
      setName("");
    } else {
      setProblem(outcome.message);
    }
    setBusy(false);
  };
  return (
    <>
      <noscript>
        <p className="notice" role="note">
          {NEEDS_JAVASCRIPT} Turn it on to add a passkey. Until then, sign in with your e-mail
          address and <a href="#password">password</a>, or with Google or the developer platform
          where they are set up.
        </p>
      </noscript>
      <form className="needs-js passkey-form" onSubmit={submit} noValidate>
        <h3>{count === 0 ? "Add a passkey" : "Add another passkey"}</h3>
        <div className="field">
          <label htmlFor="new-passkey-name">Name</label>
          <input
            id="new-passkey-name"
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            aria-describedby="new-passkey-hint"
          />
          <p id="new-passkey-hint" className="field-hint">
            Something to tell it apart, such as “Work laptop” or “My phone”.
          </p>
        </div>
        {problem ? (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!hydrated || busy}>
          {busy ? "Waiting for your device..." : "Add a passkey"}
        </button>
      </form>
    </>
  );
}

/** A refusal about a passkey that is not in the list (another account's, or one just removed). */
function useOrphanRefusal(list: PasskeyView[]) {
  const answer = useActionData<AccountActionData>();
  if (answer?.intent !== "passkey-rename" && answer?.intent !== "passkey-remove") return null;
  const id = answer.result.initialValue?.passkeyId;
  if (list.some((passkey) => passkey.id === id)) return null;
  return answer.result.error?.[""]?.[0] ?? null;
}

export function PasskeysSection({
  passkeys,
  hasPassword,
}: {
  passkeys: PasskeySettings;
  hasPassword: boolean;
}) {
  const orphan = useOrphanRefusal(passkeys.list);
  return (
    <section className="card account-section" aria-labelledby="passkeys-heading" id="passkeys">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p className="muted">
        A passkey signs you in with your device's fingerprint, face or PIN instead of a password. It
        only works on this site, so it cannot be phished.
      </p>
      {orphan ? (
        <Result answer={orphan}>
          <p className="notice notice-error" role="alert">
            {orphan}
          </p>
        </Result>
      ) : null}
      {passkeys.list.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <ul className="passkey-list">
          {passkeys.list.map((passkey) => (
            <li key={passkey.id}>
              <div className="passkey-summary">
                <strong>{passkey.name}</strong>
                {passkey.synced ? <span className="badge">Synced</span> : null}
                <span className="muted small">
                  Added <FormattedDate value={passkey.createdAt} /> ·{" "}
                  {passkey.lastUsedAt ? (
                    <>
                      Last used <FormattedDate value={passkey.lastUsedAt} />
                    </>
                  ) : (
                    "Never used"
                  )}
                </span>
              </div>
              <RenameForm passkey={passkey} />
              <RemoveForm
                passkey={passkey}
                hasPassword={hasPassword}
                signInAgain={passkeys.signInAgain}
              />
            </li>
          ))}
        </ul>
      )}
      <AddPasskey count={passkeys.list.length} />
    </section>
  );
}
