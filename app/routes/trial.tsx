import { data, Form, Link, redirect } from "react-router";
import { startChosenTrial } from "../billing/plan-choice.server";
import { isPaidPlanId } from "../billing/subscription";
import { requireUser } from "../auth/user.server";
import { longDate } from "../billing/long-date";
import { useLocalePath, useT } from "../i18n/i18n";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { formatPrice, PLANS, TRIAL_DAYS } from "../plans/catalogue";
import { trialWindow } from "../plans/effective";
import { choosePlan } from "../plans/selection";
import { pageMeta } from "../seo";
import type { Route } from "./+types/trial";

// "Choose Premium" on /pricing, for someone whose trial is still to come, leads here first
// (issue #29 item 5): the trial starts only after this page has said what it is.

export async function loader({ request, context }: Route.LoaderArgs) {
  const plan = new URL(request.url).searchParams.get("plan");
  if (!isPaidPlanId(plan)) {
    throw data((await getT(context))("billing.trial.choosePlan"), { status: 400 });
  }
  const user = await requireUser(request, context);
  const now = new Date();
  const { code } = await getLocale(context);
  // Someone who may not start it (already used, subscribed) is answered as /pricing would.
  if (choosePlan(user, plan, now).kind !== "trial") throw redirect("/pricing", 303);
  return data(
    {
      plan,
      name: PLANS[plan].name,
      price: formatPrice(PLANS[plan].priceCents, code),
      ends: longDate(trialWindow(now).end, code),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData().catch(() => null);
  const plan = form?.get("plan");
  if (!isPaidPlanId(plan)) {
    throw data((await getT(context))("billing.trial.choosePlan"), { status: 400 });
  }
  return startChosenTrial(request, context, user, plan, new Date());
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(
    t("billing.trial.meta.title"),
    t("billing.trial.meta.description", { days: TRIAL_DAYS }),
  );
};

export default function Trial({ loaderData }: Route.ComponentProps) {
  const { plan, name, price, ends } = loaderData;
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section className="container narrow">
      <div className="card trial-confirm">
        <h1>{t("billing.trial.title", { days: TRIAL_DAYS, plan: name })}</h1>
        <dl className="billing-facts">
          <div>
            <dt>{t("billing.trial.length")}</dt>
            <dd>{t("billing.trial.lengthValue", { days: TRIAL_DAYS, date: ends })}</dd>
          </div>
          <div>
            <dt>{t("billing.trial.price")}</dt>
            <dd>{t("billing.trial.priceValue")}</dd>
          </div>
          <div>
            <dt>{t("billing.trial.end")}</dt>
            <dd>{t("billing.trial.endValue", { plan: name, price })}</dd>
          </div>
          <div>
            <dt>{t("billing.trial.often")}</dt>
            <dd>{t("billing.trial.oftenValue")}</dd>
          </div>
        </dl>
        <div className="dashboard-actions">
          <Form method="post">
            <input type="hidden" name="plan" value={plan} />
            <button type="submit" className="btn btn-primary">
              {t("billing.trial.start", { plan: name })}
            </button>
          </Form>
          <Link to={localePath("/pricing")} className="btn btn-ghost">
            {t("billing.notNow")}
          </Link>
        </div>
      </div>
    </section>
  );
}
