import { Form, useNavigation } from "react-router";
import { type PlanId, PLANS } from "../../plans/catalogue";

/**
 * "Choose {Plan}": a plain POST to /pricing, so it works without JavaScript; the server decides
 * what choosing means for this person (sign up, trial, checkout...).
 */
export function ChoosePlanForm({ plan, primary }: { plan: PlanId; primary: boolean }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("plan") === plan;
  const name = PLANS[plan].name;
  return (
    <Form method="post" action="/pricing" className="choose-plan">
      <button
        type="submit"
        name="plan"
        value={plan}
        className={`btn btn-block ${primary ? "btn-primary" : "btn-ghost"}`}
        disabled={pending}
      >
        {pending ? `Choosing ${name}...` : `Choose ${name}`}
      </button>
    </Form>
  );
}
