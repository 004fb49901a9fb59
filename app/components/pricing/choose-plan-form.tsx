import { Form, useNavigation } from "react-router";
import { useLocalePath, useT } from "../../i18n/i18n";
import { type PlanId, PLANS } from "../../plans/catalogue";

/**
 * "Choose {Plan}": a plain POST to /pricing (in the page's language), so it works without
 * JavaScript; the server decides what choosing means for this person (sign up, trial, checkout...).
 */
export function ChoosePlanForm({ plan, primary }: { plan: PlanId; primary: boolean }) {
  const t = useT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("plan") === plan;
  const name = PLANS[plan].name;
  return (
    <Form method="post" action={localePath("/pricing")} className="choose-plan">
      <button
        type="submit"
        name="plan"
        value={plan}
        className={`btn btn-block ${primary ? "btn-primary" : "btn-ghost"}`}
        disabled={pending}
      >
        {pending
          ? t("pricing.choose.pending", { plan: name })
          : t("pricing.choose", { plan: name })}
      </button>
    </Form>
  );
}
