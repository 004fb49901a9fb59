import { PLAN_IDS, type PlanId, PLANS } from "./catalogue";
import type { PlanText } from "./features";

// The plan-fit quiz (spec section 4): five questions, three options each; every option gives
// 0-3 points to each plan. Pure, so the server computes the step and the result and the browser
// can render the same markup.

export type Points = Record<PlanId, number>;

export interface QuizOption {
  /** A `pricing` message and its values (the catalogue's numbers). */
  label: PlanText;
  points: Points;
}

export interface QuizQuestion {
  question: PlanText;
  options: readonly [QuizOption, QuizOption, QuizOption];
}

const free = PLANS.free.capabilities;
const premium = PLANS.premium.capabilities;
const ultimate = PLANS.ultimate.capabilities;

const q = (n: number, values?: Record<string, number>, option?: number): PlanText => ({
  id: `pricing.quiz.q${n}${option === undefined ? "" : `.a${option}`}`,
  ...(values ? { values } : {}),
});

export const QUIZ: readonly QuizQuestion[] = [
  {
    // How many QR codes do you want to keep in your account?
    question: q(1),
    options: [
      {
        label: q(1, { count: free.maxSavedCodes ?? 0 }, 1),
        points: { free: 3, premium: 1, ultimate: 0 },
      },
      { label: q(1, undefined, 2), points: { free: 0, premium: 3, ultimate: 1 } },
      { label: q(1, undefined, 3), points: { free: 0, premium: 1, ultimate: 3 } },
    ],
  },
  {
    // How should your codes look?
    question: q(2),
    options: [
      { label: q(2, undefined, 1), points: { free: 3, premium: 1, ultimate: 0 } },
      { label: q(2, undefined, 2), points: { free: 0, premium: 3, ultimate: 2 } },
      { label: q(2, undefined, 3), points: { free: 0, premium: 1, ultimate: 3 } },
    ],
  },
  {
    // Do you need to know how often your codes are scanned?
    question: q(3),
    options: [
      { label: q(3, undefined, 1), points: { free: 3, premium: 0, ultimate: 0 } },
      { label: q(3, undefined, 2), points: { free: 0, premium: 3, ultimate: 2 } },
      { label: q(3, undefined, 3), points: { free: 0, premium: 1, ultimate: 3 } },
    ],
  },
  {
    // Who works on your codes?
    question: q(4),
    options: [
      { label: q(4, undefined, 1), points: { free: 3, premium: 2, ultimate: 0 } },
      {
        label: q(4, { count: premium.teamMembers }, 2),
        points: { free: 0, premium: 3, ultimate: 1 },
      },
      {
        label: q(4, { count: ultimate.teamMembers }, 3),
        points: { free: 0, premium: 0, ultimate: 3 },
      },
    ],
  },
  {
    // How do you make your codes?
    question: q(5),
    options: [
      { label: q(5, undefined, 1), points: { free: 3, premium: 1, ultimate: 0 } },
      { label: q(5, undefined, 2), points: { free: 0, premium: 3, ultimate: 2 } },
      { label: q(5, undefined, 3), points: { free: 0, premium: 0, ultimate: 3 } },
    ],
  },
];

/** Answers in question order, each the index of the chosen option. */
export type QuizAnswers = readonly number[];

export interface QuizResult {
  points: Points;
  plan: PlanId;
}

/**
 * Adds up the points of the answers given so far. Only answers present count, so going Back
 * (dropping the last answer) takes its points away. The highest total wins; a tie goes to the
 * higher plan (ultimate, then premium).
 */
export function scoreQuiz(answers: QuizAnswers): QuizResult {
  const points: Points = { free: 0, premium: 0, ultimate: 0 };
  answers.forEach((answer, index) => {
    const option = QUIZ[index]?.options[answer];
    if (!option) return;
    for (const plan of PLAN_IDS) points[plan] += option.points[plan];
  });
  let plan: PlanId = "ultimate";
  for (const candidate of [...PLAN_IDS].reverse()) {
    if (points[candidate] > points[plan]) plan = candidate;
  }
  return { points, plan };
}

/** The answers after going Back from `answers`: the last one is taken away. */
export function previousAnswers(answers: QuizAnswers): QuizAnswers {
  return answers.slice(0, -1);
}

/**
 * Reads "0,2,1" from an address. Anything that is not a valid answer to its question ends the
 * list there, so a tampered or stale address shows an earlier step, never an error.
 */
export function parseAnswers(value: string | null): QuizAnswers {
  const answers: number[] = [];
  if (!value) return answers;
  for (const part of value.split(",").slice(0, QUIZ.length)) {
    const answer = Number(part);
    const question = QUIZ[answers.length];
    if (!question || part === "" || !Number.isInteger(answer) || !question.options[answer]) break;
    answers.push(answer);
  }
  return answers;
}

export function formatAnswers(answers: QuizAnswers): string {
  return answers.join(",");
}

export function isComplete(answers: QuizAnswers): boolean {
  return answers.length >= QUIZ.length;
}
