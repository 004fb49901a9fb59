import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { PLAN_IDS, PLANS } from "../../plans/catalogue";
import { priceLabel } from "../../plans/features";
import { type PricingQuery, quizHref } from "../../plans/pricing-query";
import { formatAnswers, previousAnswers, QUIZ, type QuizResult } from "../../plans/quiz";
import { ChoosePlanForm } from "./choose-plan-form";

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
  return (
    <Form method="get" action="/pricing#quiz" preventScrollReset>
      <input type="hidden" name="quiz" value="1" />
      <KeepUsage query={query} />
      <p className="muted">
        Answer {QUIZ.length} quick questions and we will suggest the plan that fits.
      </p>
      <button type="submit" className="btn btn-primary">
        Start the quiz
      </button>
    </Form>
  );
}

function Step({ query }: { query: PricingQuery }) {
  const { answers } = query;
  const step = answers.length;
  const question = QUIZ[step]!;
  const legend = useFocusOnChange<HTMLLegendElement>(`step-${step}`);
  const last = step === QUIZ.length - 1;
  return (
    <Form method="get" action="/pricing#quiz" preventScrollReset>
      <input type="hidden" name="quiz" value="1" />
      <KeepUsage query={query} />
      <p className="quiz-progress muted small">
        Question {step + 1} of {QUIZ.length}
      </p>
      <fieldset className="quiz-question" key={step}>
        <legend ref={legend} tabIndex={-1}>
          {question.question}
        </legend>
        {question.options.map((option, index) => (
          // Each option's value is the whole list of answers with it added: the next address.
          <label key={option.label} className="quiz-option">
            <input type="radio" name="a" value={formatAnswers([...answers, index])} required />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="quiz-nav">
        {step > 0 ? (
          <Link
            to={quizHref(query, previousAnswers(answers))}
            className="btn btn-ghost"
            preventScrollReset
          >
            Back
          </Link>
        ) : null}
        <button type="submit" className="btn btn-primary">
          {last ? "See my plan" : "Next"}
        </button>
      </div>
    </Form>
  );
}

function Result({ query, result }: { query: PricingQuery; result: QuizResult }) {
  const heading = useFocusOnChange<HTMLHeadingElement>("result");
  const plan = PLANS[result.plan];
  return (
    <div className="quiz-result">
      <h3 ref={heading} tabIndex={-1}>
        We recommend {plan.name}
      </h3>
      <p className="quiz-price">{priceLabel(result.plan)}</p>
      <p className="muted">
        Points for each plan from your answers:{" "}
        {PLAN_IDS.map((id) => `${PLANS[id].name} ${result.points[id]}`).join(", ")}.
      </p>
      <ChoosePlanForm plan={result.plan} primary />
      <div className="quiz-nav">
        <Link
          to={quizHref(query, previousAnswers(query.answers))}
          className="btn btn-ghost"
          preventScrollReset
        >
          Back
        </Link>
        <Link to={quizHref(query, [])} className="btn btn-ghost" preventScrollReset>
          Start over
        </Link>
      </div>
    </div>
  );
}

/** The plan-fit quiz: one question a step, the answers so far in the address. */
export function PlanQuiz({ query, result }: { query: PricingQuery; result: QuizResult | null }) {
  return (
    <section id="quiz" className="card pricing-section" aria-labelledby="quiz-heading">
      <h2 id="quiz-heading">Find your plan in {QUIZ.length} questions</h2>
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
