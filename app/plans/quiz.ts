import { PLAN_IDS, type PlanId, PLANS } from "./catalogue";

// The plan-fit quiz (spec section 4): five questions, three options each; every option gives
// 0-3 points to each plan. Pure, so the server computes the step and the result and the browser
// can render the same markup.

export type Points = Record<PlanId, number>;

export interface QuizOption {
  label: string;
  points: Points;
}

export interface QuizQuestion {
  question: string;
  options: readonly [QuizOption, QuizOption, QuizOption];
}

const free = PLANS.free.capabilities;
const premium = PLANS.premium.capabilities;
const ultimate = PLANS.ultimate.capabilities;

export const QUIZ: readonly QuizQuestion[] = [
  {
    question: "How many QR codes do you want to keep in your account?",
    options: [
      {
        label: `Just a few — up to ${free.maxSavedCodes}`,
        points: { free: 3, premium: 1, ultimate: 0 },
      },
      {
        label: "Dozens, for menus, flyers and campaigns",
        points: { free: 0, premium: 3, ultimate: 1 },
      },
      { label: "Hundreds, across brands or clients", points: { free: 0, premium: 1, ultimate: 3 } },
    ],
  },
  {
    question: "How should your codes look?",
    options: [
      { label: "Plain black and white is fine", points: { free: 3, premium: 1, ultimate: 0 } },
      { label: "With our logo in the middle", points: { free: 0, premium: 3, ultimate: 2 } },
      {
        label: "Fully our brand, with no mention of yours",
        points: { free: 0, premium: 1, ultimate: 3 },
      },
    ],
  },
  {
    question: "Do you need to know how often your codes are scanned?",
    options: [
      { label: "No, they just need to scan", points: { free: 3, premium: 0, ultimate: 0 } },
      { label: "Yes, scans over the past year", points: { free: 0, premium: 3, ultimate: 2 } },
      {
        label: "Yes, and the full history, kept for good",
        points: { free: 0, premium: 1, ultimate: 3 },
      },
    ],
  },
  {
    question: "Who works on your codes?",
    options: [
      { label: "Just me", points: { free: 3, premium: 2, ultimate: 0 } },
      {
        label: `A small team, up to ${premium.teamMembers} people`,
        points: { free: 0, premium: 3, ultimate: 1 },
      },
      {
        label: `A larger team, up to ${ultimate.teamMembers} people`,
        points: { free: 0, premium: 0, ultimate: 3 },
      },
    ],
  },
  {
    question: "How do you make your codes?",
    options: [
      { label: "One at a time, in the browser", points: { free: 3, premium: 1, ultimate: 0 } },
      { label: "Many at once, from a list", points: { free: 0, premium: 3, ultimate: 2 } },
      {
        label: "From our own software, through an API",
        points: { free: 0, premium: 0, ultimate: 3 },
      },
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
