import { describe, expect, it } from "vitest";
import { formatPrice, PLAN_IDS, PLANS, TRIAL_DAYS } from "../../app/plans/catalogue";
import { type PlanState } from "../../app/plans/effective";
import { serverI18n } from "../../app/i18n/catalog.server";
import { DEFAULT_LOCALE } from "../../app/i18n/locales";
import {
  type Cell,
  cardFeatures,
  comparisonRows,
  formatRetention,
  type PlanText,
  planFeatures,
} from "../../app/plans/features";
import { quizFields, quizHref, readPricingQuery } from "../../app/plans/pricing-query";
import {
  formatAnswers,
  isComplete,
  parseAnswers,
  previousAnswers,
  QUIZ,
  scoreQuiz,
} from "../../app/plans/quiz";
import { choosePlan } from "../../app/plans/selection";
import {
  estimateSavings,
  formatCents,
  formatMinutes,
  parseUsage,
  suggestedPlan,
  USAGE_DEFAULT,
} from "../../app/plans/usage";
import { FREE_ACCOUNT, premiumTrial } from "./plan-states";

// The catalogue's lines as an English page words them (components/pricing/plan-words.ts).
const i18n = serverI18n(DEFAULT_LOCALE);
const list = new Intl.ListFormat("en", { type: "conjunction" });
const english = (line: PlanText) =>
  i18n._(line.id, {
    ...line.values,
    ...(line.types
      ? { types: list.format(line.types.map((t) => i18n._(`pricing.qrType.${t}`))) }
      : {}),
  });
const priceLabel = (plan: (typeof PLAN_IDS)[number]) =>
  PLANS[plan].priceCents
    ? i18n._("pricing.price.perMonth", { price: formatPrice(PLANS[plan].priceCents) })
    : formatPrice(0);
const cellText = (cell: Cell) =>
  cell.kind === "text"
    ? english(cell.text)
    : cell.kind === "price"
      ? priceLabel(cell.plan)
      : cell.kind === "number"
        ? String(cell.value)
        : cell.kind;

describe("the plan-fit quiz", () => {
  it("has five questions of three options, each worth 0 to 3 points per plan", () => {
    expect(QUIZ).toHaveLength(5);
    for (const question of QUIZ) {
      expect(question.options).toHaveLength(3);
      for (const option of question.options) {
        for (const plan of PLAN_IDS) {
          expect(option.points[plan]).toBeGreaterThanOrEqual(0);
          expect(option.points[plan]).toBeLessThanOrEqual(3);
        }
      }
    }
  });

  it("recommends the plan with the most points", () => {
    expect(scoreQuiz([0, 0, 0, 0, 0])).toEqual({
      points: { free: 15, premium: 5, ultimate: 0 },
      plan: "free",
    });
    expect(scoreQuiz([1, 1, 1, 1, 1]).plan).toBe("premium");
    expect(scoreQuiz([2, 2, 2, 2, 2]).plan).toBe("ultimate");
  });

  it("breaks a tie in favour of the higher plan: ultimate, then premium", () => {
    // free 9, premium 9, ultimate 3
    expect(scoreQuiz([0, 0, 1, 1, 0])).toEqual({
      points: { free: 9, premium: 9, ultimate: 3 },
      plan: "premium",
    });
    // free 6, premium 7, ultimate 7
    expect(scoreQuiz([0, 1, 0, 2, 1])).toEqual({
      points: { free: 6, premium: 7, ultimate: 7 },
      plan: "ultimate",
    });
    // free 6, premium 3, ultimate 6
    expect(scoreQuiz([0, 0, 2, 2]).plan).toBe("ultimate");
    // Nothing answered: a three-way tie at zero.
    expect(scoreQuiz([]).plan).toBe("ultimate");
  });

  it("takes the points of an answer away again when going Back", () => {
    const answers = [0, 0, 1, 1];
    const back = previousAnswers(answers);
    expect(back).toEqual([0, 0, 1]);
    expect(scoreQuiz(back).points).toEqual({ free: 6, premium: 5, ultimate: 2 });
    // A different answer after going back counts instead of the old one.
    expect(scoreQuiz([...back, 2]).points).toEqual({ free: 6, premium: 5, ultimate: 5 });
    expect(previousAnswers([])).toEqual([]);
  });

  it("reads answers from the address, stopping at anything that is not an answer", () => {
    expect(parseAnswers("0,2,1")).toEqual([0, 2, 1]);
    expect(parseAnswers(null)).toEqual([]);
    expect(parseAnswers("")).toEqual([]);
    expect(parseAnswers("0,3,1")).toEqual([0]);
    expect(parseAnswers("1,x")).toEqual([1]);
    expect(parseAnswers("1.5")).toEqual([]);
    expect(parseAnswers("-1")).toEqual([]);
    expect(parseAnswers("0,0,0,0,0,0,0")).toEqual([0, 0, 0, 0, 0]);
    expect(formatAnswers([0, 2, 1])).toBe("0,2,1");
    expect(isComplete([0, 0, 0, 0])).toBe(false);
    expect(isComplete([0, 0, 0, 0, 0])).toBe(true);
  });

  it("words team sizes and the free allowance from the catalogue", () => {
    const labels = QUIZ.flatMap((question) =>
      question.options.map((option) => english(option.label)),
    );
    expect(labels).toContain(
      `A small team, up to ${PLANS.premium.capabilities.teamMembers} people`,
    );
    expect(labels).toContain(
      `A larger team, up to ${PLANS.ultimate.capabilities.teamMembers} people`,
    );
    expect(labels).toContain(`Just a few — up to ${PLANS.free.capabilities.maxSavedCodes}`);
  });
});

describe("the /pricing address", () => {
  const read = (search: string) => readPricingQuery(new URLSearchParams(search));

  it("carries the slider and the quiz, each kept by the other's form", () => {
    const query = read("usage=95&quiz=1&a=0,2");
    expect(query).toEqual({ usage: 95, usageChosen: true, quiz: true, answers: [0, 2] });
    expect(quizHref(query, [0])).toBe("/pricing?quiz=1&a=0&usage=95#quiz");
    expect(quizHref(read(""), [])).toBe("/pricing?quiz=1#quiz");
    expect(quizFields(query)).toEqual({ quiz: "1", a: "0,2" });
    expect(quizFields(read("usage=10"))).toEqual({});
  });

  it("starts with the default slider and no quiz", () => {
    expect(read("")).toEqual({
      usage: USAGE_DEFAULT,
      usageChosen: false,
      quiz: false,
      answers: [],
    });
  });
});

describe("the usage slider", () => {
  it("suggests Free up to 20 codes, Premium from 21 to 80 and Ultimate above 80", () => {
    expect(suggestedPlan(0)).toBe("free");
    expect(suggestedPlan(20)).toBe("free");
    expect(suggestedPlan(21)).toBe("premium");
    expect(suggestedPlan(80)).toBe("premium");
    expect(suggestedPlan(81)).toBe("ultimate");
    expect(suggestedPlan(100)).toBe("ultimate");
  });

  it("starts at 50 and clamps or ignores values it cannot use", () => {
    expect(USAGE_DEFAULT).toBe(50);
    expect(parseUsage(null)).toBe(50);
    expect(parseUsage("")).toBe(50);
    expect(parseUsage("lots")).toBe(50);
    expect(parseUsage("Infinity")).toBe(50);
    expect(parseUsage("95")).toBe(95);
    expect(parseUsage("150")).toBe(100);
    expect(parseUsage("-5")).toBe(0);
    expect(parseUsage("20.4")).toBe(20);
  });

  it("estimates time saved and the cost of each code on the suggested plan", () => {
    expect(estimateSavings(50)).toEqual({ plan: "premium", minutesSaved: 200, centsPerCode: 30 });
    expect(estimateSavings(100)).toEqual({
      plan: "ultimate",
      minutesSaved: 400,
      centsPerCode: Math.round(PLANS.ultimate.priceCents / 100),
    });
    expect(estimateSavings(0)).toEqual({ plan: "free", minutesSaved: 0, centsPerCode: 0 });
    expect(english(formatMinutes(200))).toBe("3 h 20 min");
    expect(english(formatMinutes(120))).toBe("2 h");
    expect(english(formatMinutes(45))).toBe("45 min");
    expect(formatCents(30, "de")).toBe(
      new Intl.NumberFormat("de", { style: "currency", currency: "USD" }).format(0.3),
    );
    expect(formatCents(30)).toBe("$0.30");
    expect(formatCents(0)).toBe("$0");
  });
});

describe("cards and comparison table", () => {
  it("price every plan from the catalogue", () => {
    expect(PLAN_IDS.map(priceLabel)).toEqual(["$0", "$15/month", "$49/month"]);
    const price = comparisonRows().find((row) => i18n._(row.feature) === "Price")!;
    for (const plan of PLAN_IDS) {
      expect(cellText(price.cells[plan])).toBe(priceLabel(plan));
      expect(priceLabel(plan)).toContain(formatPrice(PLANS[plan].priceCents));
    }
    expect(formatPrice(1500, "de")).toBe("15\u00a0$");
    expect(formatPrice(1133, "en")).toBe("$11.33");
  });

  it("list the spec's features for each plan", () => {
    expect(planFeatures("free").map(english)).toEqual([
      "3 saved QR codes",
      "Website and Text codes",
      "PNG downloads",
      "Community support",
    ]);
    const card = (plan: (typeof PLAN_IDS)[number]) => {
      const { plus, lines } = cardFeatures(plan);
      return { plus, lines: lines.map(english) };
    };
    expect(card("premium")).toEqual({
      plus: "free",
      lines: [
        "Unlimited saved QR codes",
        "All 7 code types",
        "PNG and SVG downloads",
        "Logo embedding",
        "Dynamic codes (track scans, change the destination later)",
        "Scan analytics, kept 1 year",
        "Bulk generation",
        "Custom domains",
        `Team management, up to ${PLANS.premium.capabilities.teamMembers} members`,
        `Support within ${PLANS.premium.capabilities.supportResponseHours} hours`,
      ],
    });
    expect(card("ultimate")).toEqual({
      plus: "premium",
      lines: [
        "Scan analytics, kept for good",
        `Team management, up to ${PLANS.ultimate.capabilities.teamMembers} members`,
        "API access",
        "Custom integrations",
        "White-label branding",
        `Priority support within ${PLANS.ultimate.capabilities.supportResponseHours} hours`,
      ],
    });
  });

  it("compare retention, team sizes, support and the trial as the catalogue says", () => {
    const rows = Object.fromEntries(
      comparisonRows().map((row) => [i18n._(row.feature), row.cells]),
    );
    const texts = (feature: string) => PLAN_IDS.map((plan) => cellText(rows[feature]![plan]));
    expect(texts("Analytics retention")).toEqual(["None", "1 year", "Unlimited"]);
    expect(texts("Dynamic codes (track scans, change the destination later)")).toEqual([
      "no",
      "yes",
      "yes",
    ]);
    expect(texts("Team members")).toEqual(
      PLAN_IDS.map((plan) => String(PLANS[plan].capabilities.teamMembers)),
    );
    expect(texts("Team members")).toEqual(["1", "5", "25"]);
    expect(texts("Support")).toEqual([
      "Community support",
      "Support within 24 hours",
      "Priority support within 6 hours",
    ]);
    expect(texts("Free trial")).toEqual(["no", `${TRIAL_DAYS} days`, `${TRIAL_DAYS} days`]);
    expect(texts("SVG downloads")).toEqual(["no", "yes", "yes"]);
    expect(texts("API access")).toEqual(["no", "no", "yes"]);
    expect(texts("Saved QR codes")).toEqual(["3", "Unlimited", "Unlimited"]);
    expect(english(formatRetention(730))).toBe("2 years");
    expect(english(formatRetention(30))).toBe("30 days");
  });
});

describe("choosing a plan", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
  const freeUser = FREE_ACCOUNT;
  const onTrial = premiumTrial(days(-1), days(6));
  const trialOver: PlanState = { ...onTrial, trialStartDate: days(-9), trialEndDate: days(-2) };
  const subscribed: PlanState = {
    ...freeUser,
    subscriptionPlan: "premium",
    stripeSubscriptionId: "sub_1",
  };
  const kind = (user: PlanState | null, plan: "free" | "premium" | "ultimate") =>
    choosePlan(user, plan, now).kind;

  it("sends visitors to sign up", () => {
    expect(kind(null, "premium")).toBe("sign-up");
    expect(kind(null, "free")).toBe("sign-up");
  });

  it("welcomes a free user who picks Free and starts a trial on a paid plan", () => {
    expect(kind(freeUser, "free")).toBe("welcome");
    expect(kind(freeUser, "premium")).toBe("trial");
    expect(kind(freeUser, "ultimate")).toBe("trial");
  });

  it("sends someone whose trial is used to checkout", () => {
    expect(kind(trialOver, "premium")).toBe("checkout");
    expect(kind(onTrial, "ultimate")).toBe("checkout");
  });

  it("changes nothing for the plan in effect, and leaves subscription changes to the dashboard", () => {
    expect(kind(onTrial, "premium")).toBe("already");
    expect(kind(subscribed, "premium")).toBe("already");
    expect(kind(subscribed, "ultimate")).toBe("dashboard");
    expect(kind(subscribed, "free")).toBe("dashboard");
    expect(kind(onTrial, "free")).toBe("dashboard");
  });
});
