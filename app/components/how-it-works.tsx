import { useT } from "../i18n/i18n";

const STEPS = ["choose", "customise", "download"] as const;

export function HowItWorks() {
  const t = useT();
  return (
    <section className="how-it-works container" aria-labelledby="how-heading">
      <h2 id="how-heading">{t("generator.how.title")}</h2>
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step} className="step card">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{t(`generator.how.${step}.title`)}</h3>
            <p>{t(`generator.how.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
