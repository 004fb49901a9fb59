import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useLocalePath, useT } from "../../i18n/i18n";
import { PLAN_IDS, PLANS } from "../../plans/catalogue";
import { type PricingQuery, quizHref } from "../../plans/pricing-query";
import { formatAnswers, previousAnswers, QUIZ, type QuizResult } from "../../plans/quiz";
import { ChoosePlanForm } from "./choose-plan-form";
import { usePlanWords } from "./plan-words";

/**
 * Moves focus to the element of a new step once JavaScript has swapped it in, so keyboard and
 * screen-reader users continue from the new question; never on the first render.
 */
function useFocusOnChange<T extends HTMLElement>(key: string) {
  const element = useRef<T>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    element.current?.focus();
  }, [key]);
  return element;
}

/** The slider's value, carried along when the address set it. */
function KeepUsage({ query }: { query: PricingQuery }) {
  return query.usageChosen ? <input type="hidden" name="usage" value={query.usage} /> : null;
}

function Start({ query }: { query: PricingQuery }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <Form method="get" action={localePath("/pricing") + "#quiz"} preventScrollReset>
      <input type="hidden" name="quiz" value="1" />
      <KeepUsage query={query} />
      <p className="muted">{t("pricing.quiz.intro", { count: QUIZ.length })}</p>
      <button type="submit" className="btn btn-primary">
        {t("pricing.quiz.start")}
      </button>
    </Form>
  );
}

function Step({ query }: { query: PricingQuery }) {
  const t = useT();
  const localePath = useLocalePath();
  const { text } = usePlanWords();
  const { answers } = query;
  const step = answers.length;
  const question = QUIZ[step]!;
  const legend = useFocusOnChange<HTMLLegendElement>(`step-${step}`);
  const last = step === QUIZ.length - 1;
  return (
    <Form method="get" action={localePath("/pricing") + "#quiz"} preventScrollReset>
      <input type="hidden" name="quiz" value="1" />
      <KeepUsage query={query} />
      <p className="quiz-progress muted small">
        {t("pricing.quiz.progress", { step: step + 1, count: QUIZ.length })}
      </p>
      <fieldset className="quiz-question" key={step}>
        <legend ref={legend} tabIndex={-1}>
          {text(question.question)}
        </legend>
        {question.options.map((option, index) => (
          // Each option's value is the whole list of answers with it added: the next address.
          <label key={option.label.id} className="quiz-option">
            <input type="radio" name="a" value={formatAnswers([...answers, index])} required />
            <span>{text(option.label)}</span>
          </label>
        ))}
      </fieldset>
      <div className="quiz-nav">
        {step > 0 ? (
          <Link
            to={localePath(quizHref(query, previousAnswers(answers)))}
            className="btn btn-ghost"
            preventScrollReset
          >
            {t("pricing.quiz.back")}
          </Link>
        ) : null}
        <button type="submit" className="btn btn-primary">
          {last ? t("pricing.quiz.seePlan") : t("pricing.quiz.next")}
        </button>
      </div>
    </Form>
  );
}

function Result({ query, result }: { query: PricingQuery; result: QuizResult }) {
  const t = useT();
  const localePath = useLocalePath();
  const { perMonth } = usePlanWords();
  const heading = useFocusOnChange<HTMLHeadingElement>("result");
  const plan = PLANS[result.plan];
  return (
    <div className="quiz-result">
      <h3 ref={heading} tabIndex={-1}>
        {t("pricing.quiz.recommend", { plan: plan.name })}
      </h3>
      <p className="quiz-price">{perMonth(result.plan)}</p>
      <p className="muted">
        {t("pricing.quiz.points", {
          points: PLAN_IDS.map((id) => `${PLANS[id].name} ${result.points[id]}`).join(", "),
        })}
      </p>
      <ChoosePlanForm plan={result.plan} primary />
      <div className="quiz-nav">
        <Link
          to={localePath(quizHref(query, previousAnswers(query.answers)))}
          className="btn btn-ghost"
          preventScrollReset
        >
          {t("pricing.quiz.back")}
        </Link>
        <Link to={localePath(quizHref(query, []))} className="btn btn-ghost" preventScrollReset>
          {t("pricing.quiz.startOver")}
        </Link>
      </div>
    </div>
  );
}

/** The plan-fit quiz: one question a step, the answers so far in the address. */
export function PlanQuiz({ query, result }: { query: PricingQuery; result: QuizResult | null }) {
  const t = useT();
  return (
    <section id="quiz" className="card pricing-section" aria-labelledby="quiz-heading">
      <h2 id="quiz-heading">{t("pricing.quiz.title", { count: QUIZ.length })}</h2>
      {result ? (
        <Result query={query} result={result} />
      ) : query.quiz ? (
        <Step query={query} />
      ) : (
        <Start query={query} />
      )}
    </section>
  );
}
