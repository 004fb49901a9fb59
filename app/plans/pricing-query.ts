import { formatAnswers, parseAnswers, type QuizAnswers } from "./quiz";
import { parseUsage } from "./usage";

// The /pricing address carries the state of its two GET forms, so both work without
// JavaScript: ?usage=NN (the slider) and ?quiz=1&a=0,2,1 (the quiz, answers so far). Each form
// passes the other's state along, so using one does not reset the other.

export interface PricingQuery {
  /** The slider's value; the default when the address has none. */
  usage: number;
  /** Whether the address set the slider (it is then passed along by the quiz). */
  usageChosen: boolean;
  /** Whether the quiz has been started. */
  quiz: boolean;
  answers: QuizAnswers;
}

export function readPricingQuery(params: URLSearchParams): PricingQuery {
  const answers = parseAnswers(params.get("a"));
  return {
    usage: parseUsage(params.get("usage")),
    usageChosen: params.has("usage"),
    quiz: params.get("quiz") === "1" || answers.length > 0,
    answers,
  };
}

/** The address of a quiz step (with the slider's value kept), anchored at the quiz. */
export function quizHref(query: PricingQuery, answers: QuizAnswers): string {
  // Digits and commas need no escaping; written as they are, the address stays readable.
  let search = "?quiz=1";
  if (answers.length) search += `&a=${formatAnswers(answers)}`;
  if (query.usageChosen) search += `&usage=${query.usage}`;
  return `/pricing${search}#quiz`;
}

/** The quiz's state as hidden fields, for the slider's form to carry along. */
export function quizFields(query: PricingQuery): Record<string, string> {
  const fields: Record<string, string> = {};
  if (query.quiz) fields.quiz = "1";
  if (query.answers.length) fields.a = formatAnswers(query.answers);
  return fields;
}
