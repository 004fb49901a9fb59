import { formatPrice, type PlanId, PLANS } from "../../plans/catalogue";
import type { PlanText } from "../../plans/features";
import { useLocale, useT } from "../../i18n/i18n";

/**
 * The catalogue's lines (plans/features.ts) and prices in the page's language: `text(line)`,
 * `price(plan)` ("$15", "15 $"), `perMonth(plan)` ("$15/month"; the free plan is "$0").
 */
export function usePlanWords() {
  const t = useT();
  const { code } = useLocale();
  const list = new Intl.ListFormat(code, { type: "conjunction" });
  const text = (line: PlanText) =>
    t(line.id, {
      ...line.values,
      ...(line.types
        ? { types: list.format(line.types.map((type) => t(`pricing.qrType.${type}`))) }
        : {}),
    });
  const price = (plan: PlanId) => formatPrice(PLANS[plan].priceCents, code);
  const perMonth = (plan: PlanId) =>
    PLANS[plan].priceCents === 0
      ? price(plan)
      : t("pricing.price.perMonth", { price: price(plan) });
  return { text, price, perMonth, code };
}
