import { Form, useNavigation } from "react-router";
import type { TwoFactorAnswer, TwoFactorStep, TwoFactorView } from "../../security/two-factor";
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
  return (
    <button type="submit" className="btn btn-primary" disabled={pending}>
      {pending ? "Saving..." : label}
    </button>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="notice notice-success">
      <h3>Your recovery codes</h3>
      <p>
        Write these down or keep them in a password manager. Each one signs you in once if you lose
        your phone. They are shown only now.
      </p>
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <CopyButton text={codes.join("\n")} label="Copy codes" />
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
  const problem = (step: TwoFactorStep) =>
    answer?.step === step && answer.error ? (
      <p className="notice notice-error" role="alert">
        {answer.error}
      </p>
    ) : null;
  return (
    <section className="card account-section" aria-labelledby="two-factor-heading" id="two-factor">
      <h2 id="two-factor-heading">Two-factor sign-in</h2>
      {answer ? (
        <Result answer={answer} role="status">
          {answer.recoveryCodes ? <RecoveryCodes codes={answer.recoveryCodes} /> : null}
          {problem(answer.step)}
        </Result>
      ) : null}
      {view.state === "off" ? (
        <>
          <p className="muted">
            Off. With it on, signing in with your password also asks for a 6-digit code from an
            authenticator app on your phone (Google Authenticator, 1Password, Authy and others).
          </p>
          <StepForm step="start">
            <Submit step="start" label="Set up two-factor sign-in" />
          </StepForm>
        </>
      ) : null}
      {view.state === "pending" ? (
        <>
          <p>1. Scan this code with your authenticator app, or type the secret key into it.</p>
          <div
            className="two-factor-qr"
            role="img"
            aria-label="QR code for your authenticator app"
            // Our own encoder's SVG of the otpauth:// address (app/design), never user markup.
            dangerouslySetInnerHTML={{ __html: view.qrSvg }}
          />
          <p>
            Secret key: <code data-testid="two-factor-secret">{view.secret}</code>
          </p>
          <p>2. Type the 6-digit code the app shows now.</p>
          <StepForm step="confirm">
            <CodeField step="confirm" label="Code from the app" />
            <Submit step="confirm" label="Turn on two-factor sign-in" />
          </StepForm>
          <StepForm step="cancel" className="inline-form">
            <button type="submit" className="btn btn-ghost">
              Cancel set-up
            </button>
          </StepForm>
        </>
      ) : null}
      {view.state === "on" ? (
        <>
          <p>
            <strong>On</strong> since <FormattedDate value={view.since} />. {view.recoveryCodesLeft}{" "}
            unused recovery code{view.recoveryCodesLeft === 1 ? "" : "s"} left.
          </p>
          <details className="inline-details">
            <summary className="btn btn-ghost">New recovery codes</summary>
            <p className="muted small">The old codes stop working.</p>
            <StepForm step="regenerate">
              <CodeField step="regenerate" label="Code from the app" />
              <Submit step="regenerate" label="Make new recovery codes" />
            </StepForm>
          </details>
          <details className="inline-details" open={answer?.step === "disable"}>
            <summary className="btn btn-ghost">Turn off two-factor sign-in</summary>
            <StepForm step="disable">
              {hasPassword ? (
                <div className="field">
                  <label htmlFor="two-factor-password">Current password</label>
                  <input
                    id="two-factor-password"
                    name="currentPassword"
                    type="password"
                    required
                    autoComplete="current-password"
                  />
                </div>
              ) : (
                <p className="muted small">
                  Without a password, turning it off needs a sign-in from the last 5 minutes.
                </p>
              )}
              <CodeField step="disable" label="Code from the app, or a recovery code" />
              <Submit step="disable" label="Turn off" />
            </StepForm>
          </details>
        </>
      ) : null}
    </section>
  );
}
