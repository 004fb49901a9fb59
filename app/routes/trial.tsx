import { data, Form, Link, redirect } from "react-router";
import { startChosenTrial } from "../billing/plan-choice.server";
import { isPaidPlanId } from "../billing/subscription";
import { requireUser } from "../auth/user.server";
import { formatPrice, PLANS, TRIAL_DAYS } from "../plans/catalogue";
import { trialWindow } from "../plans/effective";
import { choosePlan } from "../plans/selection";
import { pageMeta } from "../seo";
import type { Route } from "./+types/trial";

// "Choose Premium" on /pricing, for someone whose trial is still to come, leads here first
// (issue #29 item 5): the trial starts only after this page has said what it is.

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const plan = new URL(request.url).searchParams.get("plan");
  if (!isPaidPlanId(plan)) throw data("Choose Premium or Ultimate to try.", { status: 400 });
  const user = await requireUser(request, context);
  const now = new Date();
  // Someone who may not start it (already used, subscribed) is answered as /pricing would.
  if (choosePlan(user, plan, now).kind !== "trial") throw redirect("/pricing", 303);
  return data(
    {
      plan,
      name: PLANS[plan].name,
      price: formatPrice(PLANS[plan].priceCents),
      ends: dateFormat.format(trialWindow(now).end),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData().catch(() => null);
  const plan = form?.get("plan");
  if (!isPaidPlanId(plan)) throw data("Choose Premium or Ultimate to try.", { status: 400 });
  return startChosenTrial(request, user, plan, new Date());
}

export const meta = () =>
  pageMeta("Start your free trial", `What a ${TRIAL_DAYS}-day trial is, before it starts.`);

export default function Trial({ loaderData }: Route.ComponentProps) {
  const { plan, name, price, ends } = loaderData;
  return (
    <section className="container narrow">
      <div className="card trial-confirm">
        <h1>
          Start your {TRIAL_DAYS}-day {name} trial?
        </h1>
        <dl className="billing-facts">
          <div>
            <dt>Length</dt>
            <dd>
              {TRIAL_DAYS} days, until {ends}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>Free. No card is asked for, and nothing is charged.</dd>
          </div>
          <div>
            <dt>At the end</dt>
            <dd>
              You are back on the Free plan by yourself. To keep {name}, subscribe for {price} a
              month, during the trial or after it. Your saved codes stay, and dynamic codes keep
              redirecting.
            </dd>
          </div>
          <div>
            <dt>How often</dt>
            <dd>Each account and e-mail address gets one free trial.</dd>
          </div>
        </dl>
        <div className="dashboard-actions">
          <Form method="post">
            <input type="hidden" name="plan" value={plan} />
            <button type="submit" className="btn btn-primary">
              Start my free {name} trial
            </button>
          </Form>
          <Link to="/pricing" className="btn btn-ghost">
            Not now
          </Link>
        </div>
      </div>
    </section>
  );
}
