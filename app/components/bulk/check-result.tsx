import { Form } from "react-router";
import type { CheckAnswer } from "../../bulk/page.server";
import { useLocale, useT } from "../../i18n/i18n";
import { Result } from "../result";
import { useBulkMessage } from "./bulk-message";

type Checked = Extract<CheckAnswer, { ok: true }>;

/** What the upload's check found: a preview, every invalid row, and the way on. */
export function CheckResult({ answer, pending }: { answer: Checked; pending: boolean }) {
  const t = useT();
  const message = useBulkMessage();
  const { code } = useLocale();
  const n = (value: number) => new Intl.NumberFormat(code).format(value);
  const invalid = answer.problems.length + answer.moreProblems;
  return (
    <Result
      as="section"
      answer={answer}
      className="card bulk-check"
      aria-labelledby="check-heading"
    >
      <h2 id="check-heading">
        {t("bulk.check.title", {
          file: answer.fileName,
          valid: n(answer.validRows),
          count: answer.checkedRows,
          total: n(answer.checkedRows),
        })}
      </h2>
      {answer.unknownColumns.length > 0 ? (
        <p className="notice notice-warning" role="status">
          {t("bulk.check.unknownColumns", { columns: answer.unknownColumns.join(", ") })}
        </p>
      ) : null}
      {invalid > 0 ? (
        <p className="notice notice-error" role="status">
          {t("bulk.check.problems", { count: invalid, n: n(invalid) })}{" "}
          {answer.validRows > 0 ? t("bulk.check.goOn") : t("bulk.check.fix")}
        </p>
      ) : (
        <p className="notice notice-success" role="status">
          {t("bulk.check.allValid")}
        </p>
      )}
      {answer.preview.length > 0 ? (
        <>
          <h3>{t("bulk.check.firstRows")}</h3>
          <div className="table-scroll">
            <table className="bulk-table">
              <thead>
                <tr>
                  <th scope="col">{t("bulk.check.row")}</th>
                  <th scope="col">{t("bulk.check.code")}</th>
                  <th scope="col">{t("bulk.check.type")}</th>
                  <th scope="col">{t("bulk.check.content")}</th>
                  <th scope="col">{t("bulk.check.titleColumn")}</th>
                  <th scope="col">{t("bulk.check.files")}</th>
                </tr>
              </thead>
              <tbody>
                {answer.preview.map((row) => (
                  <tr key={row.row}>
                    <td>{row.row}</td>
                    <td>
                      <img
                        src={row.src}
                        alt={t("bulk.check.alt", { row: row.row })}
                        width={64}
                        height={64}
                      />
                    </td>
                    <td>{row.type}</td>
                    <td className="bulk-cell">{row.content}</td>
                    <td className="bulk-cell">{row.title}</td>
                    <td className="bulk-cell mono">{row.files}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {answer.validRows > 0 ? (
        <Form method="post" action="/bulk?intent=start" className="bulk-go">
          <input type="hidden" name="job" value={answer.jobId} />
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending
              ? t("bulk.check.starting")
              : t("bulk.generate", { count: answer.validRows, n: n(answer.validRows) })}
          </button>
          <span className="muted small">
            {answer.direct ? t("bulk.check.direct") : t("bulk.check.background")}
          </span>
        </Form>
      ) : null}
      {answer.problems.length > 0 ? (
        <>
          <h3>{t("bulk.check.problemRows")}</h3>
          <div className="table-scroll">
            <table className="bulk-table bulk-problems">
              <thead>
                <tr>
                  <th scope="col">{t("bulk.check.row")}</th>
                  <th scope="col">{t("bulk.check.column")}</th>
                  <th scope="col">{t("bulk.check.problem")}</th>
                </tr>
              </thead>
              <tbody>
                {answer.problems.map((problem) => (
                  <tr key={problem.row}>
                    <td>{problem.row}</td>
                    <td>
                      <code>{problem.column}</code>
                    </td>
                    <td>{message(problem.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {answer.moreProblems > 0 ? (
            <p className="muted small">{t("bulk.check.more", { n: n(answer.moreProblems) })}</p>
          ) : null}
        </>
      ) : null}
    </Result>
  );
}
