import { Form, useNavigation } from "react-router";
import type { TwoFactorAnswer, TwoFactorStep, TwoFactorView } from "../../security/two-factor";
import { Trans, useErrorText, useT } from "../../i18n/i18n";
import { CopyButton } from "../copy-button";
import { FormattedDate } from "../formatted-date";
import { Result, toResult } from "../result";

// /account's "Two-factor sign-in" (issue #31): plain forms posting intent=two-factor with a step,
// so that all of it works without JavaScript. The secret and its QR code are on the page only
// while set-up waits for its first code; recovery codes only in the answer that made them.

const ACTION = toResult("/account");

function StepForm({
  step,
  children,
  className = "account-form",
}: {
  step: TwoFactorStep;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Form method="post" action={ACTION} className={className}>
      <input type="hidden" name="intent" value="two-factor" />
      <input type="hidden" name="step" value={step} />
      {children}
    </Form>
  );
}

function CodeField({ step, label }: { step: TwoFactorStep; label: string }) {
  return (
    <div className="field">
      <label htmlFor={`two-factor-${step}-code`}>{label}</label>
      <input
        id={`two-factor-${step}-code`}
        name="code"
        required
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
      />
    </div>
  );
}

function Submit({ step, label }: { step: TwoFactorStep; label: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "two-factor" &&
    navigation.formData?.get("step") === step;
  const t = useT();
  return (
    <button type="submit" className="btn btn-primary" disabled={pending}>
      {pending ? t("account.saving") : label}
    </button>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  return (
    <div className="notice notice-success">
      <h3>{t("account.twoFactor.codesTitle")}</h3>
      <p>{t("account.twoFactor.codesLead")}</p>
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <CopyButton text={codes.join("\n")} label={t("account.twoFactor.copy")} />
    </div>
  );
}

export function TwoFactorSection({
  view,
  hasPassword,
  answer,
}: {
  view: TwoFactorView;
  hasPassword: boolean;
  answer: TwoFactorAnswer | undefined;
}) {
  const t = useT();
  const errorText = useErrorText();
  const problem = (step: TwoFactorStep) =>
    answer?.step === step && answer.error ? (
      <p className="notice notice-error" role="alert">
        {errorText(answer.error)}
      </p>
    ) : null;
  return (
    <section className="card account-section" aria-labelledby="two-factor-heading" id="two-factor">
      <h2 id="two-factor-heading">{t("account.nav.two-factor")}</h2>
      {answer ? (
        <Result answer={answer} role="status">
          {answer.recoveryCodes ? <RecoveryCodes codes={answer.recoveryCodes} /> : null}
          {problem(answer.step)}
        </Result>
      ) : null}
      {view.state === "off" ? (
        <>
          <p className="muted">{t("account.twoFactor.off")}</p>
          <StepForm step="start">
            <Submit step="start" label={t("account.twoFactor.setUp")} />
          </StepForm>
        </>
      ) : null}
      {view.state === "pending" ? (
        <>
          <p>{t("account.twoFactor.step1")}</p>
          <div
            className="two-factor-qr"
            role="img"
            aria-label={t("account.twoFactor.qr")}
            // Our own encoder's SVG of the otpauth:// address (app/design), never user markup.
            dangerouslySetInnerHTML={{ __html: view.qrSvg }}
          />
          <p>
            {t("account.twoFactor.secret")}{" "}
            <code data-testid="two-factor-secret">{view.secret}</code>
          </p>
          <p>{t("account.twoFactor.step2")}</p>
          <StepForm step="confirm">
            <CodeField step="confirm" label={t("account.twoFactor.code")} />
            <Submit step="confirm" label={t("account.twoFactor.turnOn")} />
          </StepForm>
          <StepForm step="cancel" className="inline-form">
            <button type="submit" className="btn btn-ghost">
              {t("account.twoFactor.cancel")}
            </button>
          </StepForm>
        </>
      ) : null}
      {view.state === "on" ? (
        <>
          <p>
            <Trans
              id="account.twoFactor.on"
              values={{ count: view.recoveryCodesLeft }}
              components={{ 0: <strong />, 1: <FormattedDate value={view.since} /> }}
            />
          </p>
          <details className="inline-details">
            <summary className="btn btn-ghost">{t("account.twoFactor.newCodes")}</summary>
            <p className="muted small">{t("account.twoFactor.oldStop")}</p>
            <StepForm step="regenerate">
              <CodeField step="regenerate" label={t("account.twoFactor.code")} />
              <Submit step="regenerate" label={t("account.twoFactor.makeCodes")} />
            </StepForm>
          </details>
          <details className="inline-details" open={answer?.step === "disable"}>
            <summary className="btn btn-ghost">{t("account.twoFactor.turnOffTitle")}</summary>
            <StepForm step="disable">
              {hasPassword ? (
                <div className="field">
                  <label htmlFor="two-factor-password">{t("account.currentPassword")}</label>
                  <input
                    id="two-factor-password"
                    name="currentPassword"
                    type="password"
                    required
                    autoComplete="current-password"
                  />
                </div>
              ) : (
                <p className="muted small">{t("account.twoFactor.noPassword")}</p>
              )}
              <CodeField step="disable" label={t("account.twoFactor.codeOrRecovery")} />
              <Submit step="disable" label={t("account.twoFactor.turnOff")} />
            </StepForm>
          </details>
        </>
      ) : null}
    </section>
  );
}
