import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { firstText, linksOf, textOf } from "../support/html";
import { cookieFrom, demoSession, signUp } from "./accounts";
import { appFetch, ORIGIN } from "./app";

/** "Choose {Plan}" as the browser posts it without JavaScript. */
function choose(
  plan: string,
  { cookie, origin = ORIGIN }: { cookie?: string; origin?: string } = {},
) {
  return appFetch("/pricing", {
    method: "POST",
    body: new URLSearchParams({ plan }),
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** "Choose {Plan}", then "Start my free trial" on the confirmation page it leads to. */
async function tryPlan(plan: "premium" | "ultimate", cookie: string) {
  const chosen = await choose(plan, { cookie });
  expect(chosen.headers.get("Location")).toBe(`/trial?plan=${plan}`);
  return appFetch("/trial", {
    method: "POST",
    body: new URLSearchParams({ plan }),
    headers: { Origin: ORIGIN, Cookie: cookie },
  });
}

/** Follows a redirect with the session and the flash message, and returns the page's text. */
async function landOn(response: Response, cookie: string): Promise<string> {
  const flash = cookieFrom(response, "qr_flash");
  const page = await appFetch(response.headers.get("Location")!, {
    headers: { Cookie: flash ? `${cookie}; ${flash}` : cookie },
  });
  return textOf(await page.text());
}

async function currentUser(cookie: string) {
  const response = await appFetch("/api/auth/user", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.json<{
    subscriptionPlan: string;
    isTrialActive: boolean;
    trialStartDate: string | null;
    trialEndDate: string | null;
  }>();
}

const pricingText = async (path = "/pricing", cookie?: string) =>
  textOf(await (await appFetch(path, { headers: cookie ? { Cookie: cookie } : {} })).text());

describe("the pricing page", () => {
  it("shows three plans with their prices and trials, a title and a description", async () => {
    const response = await appFetch("/pricing");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>Pricing · QR Code Creator<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    const text = textOf(html);
    // (The page's text, one space per tag: "$15" and "/month" are two elements.)
    for (const words of [
      "Free $0",
      "Premium $15 /month 7-day free trial",
      "Ultimate $49 /month 7-day free trial",
      "Choose Free",
      "Choose Premium",
      "Choose Ultimate",
    ]) {
      expect(text).toContain(words);
    }
    // Nobody is signed in, so no plan is anybody's current one.
    expect(text).not.toContain("Current plan");
  });

  it("compares the plans in a real table, with words for the ticks and dashes", async () => {
    const html = await (await appFetch("/pricing")).text();
    const table = /<table[\s\S]*<\/table>/.exec(html)![0];
    expect(table).toContain('<th scope="col">Premium</th>');
    const row = (feature: string) =>
      textOf(new RegExp(`<th scope="row">${feature}</th>([\\s\\S]*?)</tr>`).exec(table)![1]!);
    expect(row("Analytics retention")).toBe("None 1 year Unlimited");
    expect(row("Team members")).toBe("1 5 25");
    expect(row("SVG downloads")).toBe("— Not included ✓ Included ✓ Included");
    expect(row("Support")).toBe(
      "Community support Support within 24 hours Priority support within 6 hours",
    );
  });

  it("offers a mail link to sales", async () => {
    const html = await (await appFetch("/pricing")).text();
    expect(textOf(html)).toContain("Questions? Talk to sales");
    expect(
      linksOf(html).some(
        (link) =>
          link.href === "mailto:sales@qrcodecreator.app" && link.text === "sales@qrcodecreator.app",
      ),
    ).toBe(true);
  });

  it("marks the signed-in user's plan as the current one", async () => {
    const cookie = await demoSession("ultimate");
    const html = await (await appFetch("/pricing", { headers: { Cookie: cookie } })).text();
    const start = html.slice(html.indexOf('<ul class="plan-cards"'));
    // The list ends after the last card: its features list or its form, then the card's end.
    const end = Math.min(
      ...["</ul></li></ul>", "</form></li></ul>"].map((tail) => {
        const at = start.indexOf(tail);
        return at === -1 ? Infinity : at + tail.length;
      }),
    );
    const list = start.slice(0, end);
    const cards = list.split('<li class="card plan-card').slice(1, 4);
    const current = cards.filter((card) => textOf(`<li class="${card}`).includes("Current plan"));
    expect(current).toHaveLength(1);
    expect(firstText(current[0]!, "h2")).toBe("Ultimate");
    // Issue #29 item 13: the current plan is a badge, not a button to choose it again.
    expect(textOf(`<li class="${current[0]}`)).not.toContain("Choose Ultimate");
    expect(cards.filter((card) => card.includes("<button"))).toHaveLength(2);
  });
});

describe("the usage slider without JavaScript", () => {
  it("starts at 50 codes and suggests Premium", async () => {
    const html = await (await appFetch("/pricing")).text();
    expect(html).toMatch(/<input[^>]*type="range"[^>]*name="usage"[^>]*value="50"/);
    expect(textOf(html)).toContain("Suggested plan: Premium");
  });

  it("recommends Ultimate for 95 codes a month, with the estimates labelled as such", async () => {
    const text = await pricingText("/pricing?usage=95");
    expect(text).toContain("Suggested plan: Ultimate");
    expect(text).toContain("Time saved a month (estimate) 6 h 20 min");
    expect(text).toContain("Cost per code on Ultimate (estimate) $0.52");
  });

  it("clamps or ignores values it cannot use", async () => {
    for (const [usage, plan] of [
      ["1000", "Ultimate"],
      ["-3", "Free"],
      ["lots", "Premium"],
    ]) {
      const response = await appFetch(`/pricing?usage=${usage}`);
      expect(response.status).toBe(200);
      expect(textOf(await response.text())).toContain(`Suggested plan: ${plan}`);
    }
  });
});

describe("the plan quiz without JavaScript", () => {
  it("asks one question at a time, the answers so far in the address", async () => {
    const start = await pricingText("/pricing");
    expect(start).toContain("Start the quiz");

    const first = await (await appFetch("/pricing?quiz=1")).text();
    expect(textOf(first)).toContain("Question 1 of 5");
    // Each option submits the answers so far plus itself.
    expect(first).toMatch(/<input type="radio"[^>]* name="a" value="0"/);
    expect(linksOf(first).some((link) => link.text === "Back")).toBe(false);

    const third = await (await appFetch("/pricing?quiz=1&a=0%2C2")).text();
    expect(textOf(third)).toContain("Question 3 of 5");
    expect(third).toMatch(/<input type="radio"[^>]* name="a" value="0,2,1"/);
    expect(linksOf(third).find((link) => link.text === "Back")?.href).toBe(
      "/pricing?quiz=1&a=0#quiz",
    );
  });

  it("recommends a plan after the fifth answer, with the Choose button", async () => {
    const html = await (await appFetch("/pricing?quiz=1&a=2,2,2,2,2&usage=10")).text();
    const text = textOf(html);
    expect(text).toContain("We recommend Ultimate");
    expect(text).toContain(
      "Points for each plan from your answers: Free 0, Premium 3, Ultimate 15.",
    );
    const quiz = /<section id="quiz"[\s\S]*?<\/section>/.exec(html)![0];
    expect(quiz).toMatch(
      /<button type="submit" value="ultimate"[^>]* name="plan">Choose Ultimate</,
    );
    // Back and Start over keep the slider's value.
    expect(linksOf(quiz).map((link) => [link.text, link.href])).toEqual([
      ["Back", "/pricing?quiz=1&a=2,2,2,2&usage=10#quiz"],
      ["Start over", "/pricing?quiz=1&usage=10#quiz"],
    ]);
  });

  it("treats a tie as a win for the higher plan", async () => {
    // Free 9, Premium 9, Ultimate 3.
    expect(await pricingText("/pricing?quiz=1&a=0,0,1,1,0")).toContain("We recommend Premium");
  });

  it("shows an earlier step for answers that do not exist", async () => {
    const response = await appFetch("/pricing?quiz=1&a=0,7,1");
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain("Question 2 of 5");
  });
});

describe("choosing a plan", () => {
  it("sends a visitor to sign up with the plan", async () => {
    const response = await choose("premium");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth?plan=premium&mode=signup");
  });

  it("starts a free user's 7-day trial once, after a page that says what it is; the second choice goes to checkout", async () => {
    const { cookie } = await signUp();
    const before = Date.now();
    const chosen = await choose("premium", { cookie });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("Location")).toBe("/trial?plan=premium");
    const confirmation = await landOn(chosen, cookie);
    expect(confirmation).toContain("Start your 7-day Premium trial?");
    expect(confirmation).toContain("Free. No card is asked for, and nothing is charged.");
    expect(confirmation).toContain("You are back on the Free plan by yourself.");
    expect(confirmation).toContain("subscribe for $15 a month");
    // Nothing has started yet.
    expect((await currentUser(cookie)).subscriptionPlan).toBe("free");

    const response = await tryPlan("premium", cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/pricing");
    const page = await landOn(response, cookie);
    expect(page).toContain("Trial Started! Your 7-day Premium trial has begun.");
    expect(page).toMatch(/Premium Current plan \$15 \/month Your free trial is on: 7 days left/);
    expect(page).toContain("Your free trial is on Premium");
    expect(page).not.toContain("Your free trial has been used");

    const user = await currentUser(cookie);
    expect(user.subscriptionPlan).toBe("premium");
    expect(user.isTrialActive).toBe(true);
    const length = Date.parse(user.trialEndDate!) - Date.parse(user.trialStartDate!);
    expect(length).toBe(7 * 24 * 60 * 60 * 1000);
    expect(Date.parse(user.trialStartDate!)).toBeGreaterThanOrEqual(before - 1000);

    const again = await choose("ultimate", { cookie });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/checkout?plan=ultimate");
  });

  it("sends someone whose trial has ended to checkout for the same plan", async () => {
    const { cookie, person } = await signUp();
    await tryPlan("premium", cookie);
    // Eight days later: the trial is over and the account is back on Free.
    const day = 24 * 60 * 60 * 1000;
    await env.DB.prepare(
      "UPDATE users SET trial_start_date = ?, trial_end_date = ? WHERE email = ?",
    )
      .bind(Date.now() - 8 * day, Date.now() - day, person.email)
      .run();
    const response = await choose("premium", { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout?plan=premium");
  });

  it("says so when the plan chosen is the one in effect", async () => {
    const { cookie } = await signUp();
    await tryPlan("premium", cookie);
    const response = await choose("premium", { cookie });
    expect(response.headers.get("Location")).toBe("/pricing");
    expect(await landOn(response, cookie)).toContain("Already on this plan");
  });

  it("welcomes a free user who chooses Free and sends them to the generator", async () => {
    const { cookie } = await signUp();
    const response = await choose("free", { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(await landOn(response, cookie)).toContain("Welcome to QR Code Creator!");
    expect((await currentUser(cookie)).subscriptionPlan).toBe("free");
  });

  it("leaves changes of a paid subscription to the dashboard's plan tab", async () => {
    const cookie = await demoSession("premium");
    const response = await choose("ultimate", { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard?tab=plans");
  });

  it("refuses a post from another site", async () => {
    const { cookie } = await signUp();
    const response = await choose("premium", { cookie, origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await currentUser(cookie)).subscriptionPlan).toBe("free");
  });

  it("answers 400 with a clear message for a plan that does not exist", async () => {
    for (const body of [new URLSearchParams({ plan: "platinum" }), new URLSearchParams()]) {
      const response = await appFetch("/pricing", {
        method: "POST",
        body,
        headers: { Origin: ORIGIN },
      });
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain(
        "Unknown plan. Choose one of: free, premium, ultimate.",
      );
    }
    const json = await appFetch("/pricing", {
      method: "POST",
      body: JSON.stringify({ plan: "premium" }),
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    });
    expect(json.status).toBe(400);
  });
});
