import { useState } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import type { AccountActionData } from "../../accounts/page-data";
import { Trans, useErrorText, useT } from "../../i18n/i18n";
import { type Phrased, say } from "../../i18n/phrase";
import {
  PASSKEY_NAME_MAX,
  type PasskeySettings,
  type PasskeyView,
  passkeyName,
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
  const t = useT();
  return (
    <details open={refusal !== null}>
      <summary>{t("account.passkeys.rename")}</summary>
      <Form method="post" action={toResult("/account")} className="passkey-form">
        <input type="hidden" name="intent" value="passkey-rename" />
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <Result answer={refusal}>
          <div className="field">
            <label htmlFor={inputId}>{t("account.passkeys.newName")}</label>
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
            {t(pending ? "account.saving" : "account.passkeys.saveName")}
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
  const t = useT();
  const errorText = useErrorText();
  return (
    <details open={refusal !== null}>
      <summary>{t("account.passkeys.remove")}</summary>
      {signInAgain ? (
        <div className="notice notice-warning" role="status">
          <p>{t("account.passkeys.stale")}</p>
          <a className="btn btn-primary" href={signInAgain.href}>
            {t("account.delete.signInAgain", { provider: signInAgain.label })}
          </a>
        </div>
      ) : (
        <Form method="post" action={toResult("/account")} className="passkey-form">
          <input type="hidden" name="intent" value="passkey-remove" />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <Result answer={refusal}>
            {formErrors.length ? (
              <p className="notice notice-error" role="alert">
                {errorText(formErrors[0] ?? "")}
              </p>
            ) : null}
            <p className="muted small">
              {t("account.passkeys.removeLead", { name: passkey.name })}
            </p>
            {hasPassword ? (
              <div className="field">
                <label htmlFor={inputId}>{t("account.delete.password")}</label>
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
              {t(pending ? "account.passkeys.removing" : "account.passkeys.removeSubmit")}
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
  const [problem, setProblem] = useState<Phrased | null>(null);
  const { revalidate } = useRevalidator();
  const t = useT();
  const errorText = useErrorText();
  if (hydrated && !passkeysSupported()) {
    return (
      <p className="notice" role="note">
        {t("account.passkeys.unsupported")}
      </p>
    );
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = passkeyName.safeParse(name);
    if (!checked.success) {
      setProblem({ message: checked.error.issues[0]!.message });
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
      setProblem(outcome);
    }
    setBusy(false);
  };
  return (
    <>
      <noscript>
        <p className="notice" role="note">
          <Trans id="account.passkeys.noscript" components={{ 0: <a href="#password" /> }} />
        </p>
      </noscript>
      <form className="needs-js passkey-form" onSubmit={submit} noValidate>
        <h3>{t(count === 0 ? "account.passkeys.add" : "account.passkeys.addAnother")}</h3>
        <div className="field">
          <label htmlFor="new-passkey-name">{t("account.passkeys.name")}</label>
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
            {t("account.passkeys.nameHint")}
          </p>
        </div>
        {problem ? (
          <p className="notice notice-error" role="alert">
            {problem.phrase ? say(t, problem) : errorText(problem.message)}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!hydrated || busy}>
          {t(busy ? "account.passkeys.waiting" : "account.passkeys.add")}
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
  const t = useT();
  const errorText = useErrorText();
  return (
    <section className="card account-section" aria-labelledby="passkeys-heading" id="passkeys">
      <h2 id="passkeys-heading">{t("account.nav.passkeys")}</h2>
      <p className="muted">{t("account.passkeys.lead")}</p>
      {orphan ? (
        <Result answer={orphan}>
          <p className="notice notice-error" role="alert">
            {errorText(orphan)}
          </p>
        </Result>
      ) : null}
      {passkeys.list.length === 0 ? (
        <p>{t("account.passkeys.none")}</p>
      ) : (
        <ul className="passkey-list">
          {passkeys.list.map((passkey) => (
            <li key={passkey.id}>
              <div className="passkey-summary">
                <strong>{passkey.name}</strong>
                {passkey.synced ? (
                  <span className="badge">{t("account.passkeys.synced")}</span>
                ) : null}
                <span className="muted small">
                  <Trans
                    id="account.passkeys.added"
                    components={{ 0: <FormattedDate value={passkey.createdAt} /> }}
                  />{" "}
                  ·{" "}
                  {passkey.lastUsedAt ? (
                    <Trans
                      id="account.passkeys.lastUsed"
                      components={{ 0: <FormattedDate value={passkey.lastUsedAt} /> }}
                    />
                  ) : (
                    t("account.passkeys.neverUsed")
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
