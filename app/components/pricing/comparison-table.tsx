import { useT } from "../../i18n/i18n";
import { PLAN_IDS, PLANS } from "../../plans/catalogue";
import { type Cell, comparisonRows } from "../../plans/features";
import { usePlanWords } from "./plan-words";

function CellContent({ cell }: { cell: Cell }) {
  const t = useT();
  const { text, perMonth, code } = usePlanWords();
  if (cell.kind === "text") return <>{text(cell.text)}</>;
  if (cell.kind === "price") return <>{perMonth(cell.plan)}</>;
  if (cell.kind === "number") return <>{new Intl.NumberFormat(code).format(cell.value)}</>;
  // The mark is for the eye; screen readers hear the words.
  return (
    <>
      <span aria-hidden="true" className={cell.kind === "yes" ? "mark-yes" : "mark-no"}>
        {cell.kind === "yes" ? "✓" : "—"}
      </span>
      <span className="sr-only">
        {cell.kind === "yes" ? t("pricing.compare.included") : t("pricing.compare.notIncluded")}
      </span>
    </>
  );
}

/** Every plan's features side by side, generated from the catalogue. */
export function ComparisonTable() {
  const t = useT();
  return (
    <section className="pricing-section">
      <h2 id="compare-heading">{t("pricing.compare.title")}</h2>
      {/* Phones only (pricing.css): the features stay in view while the plans scroll. */}
      <p className="scroll-cue muted small" aria-hidden="true">
        {t("pricing.compare.swipe")}
      </p>
      {/* On a phone the table scrolls inside this box, not the page; focusable for keyboards.
          The box is the named region, so the section around it is not a second one. */}
      <div className="table-scroll" role="region" aria-labelledby="compare-heading" tabIndex={0}>
        <table className="compare-table">
          <caption className="sr-only">{t("pricing.compare.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("pricing.compare.feature")}</th>
              {PLAN_IDS.map((plan) => (
                <th key={plan} scope="col">
                  {PLANS[plan].name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparisonRows().map((row) => (
              <tr key={row.feature}>
                <th scope="row">{t(row.feature)}</th>
                {PLAN_IDS.map((plan) => (
                  <td key={plan}>
                    <CellContent cell={row.cells[plan]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
