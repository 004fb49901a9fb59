import { Form } from "react-router";
import type { CheckAnswer } from "../../bulk/page.server";
import { Result } from "../result";

type Checked = Extract<CheckAnswer, { ok: true }>;

const n = (value: number) => value.toLocaleString("en-US");

/** What the upload's check found: a preview, every invalid row, and the way on. */
export function CheckResult({ answer, pending }: { answer: Checked; pending: boolean }) {
  const invalid = answer.problems.length + answer.moreProblems;
  return (
    <Result
      as="section"
      answer={answer}
      className="card bulk-check"
      aria-labelledby="check-heading"
    >
      <h2 id="check-heading">
        {answer.fileName}: {n(answer.validRows)} of {n(answer.checkedRows)} rows ready
      </h2>
      {answer.unknownColumns.length > 0 ? (
        <p className="notice notice-warning" role="status">
          Ignored columns we do not know: {answer.unknownColumns.join(", ")}. Their cells are not
          used.
        </p>
      ) : null}
      {invalid > 0 ? (
        <p className="notice notice-error" role="status">
          {n(invalid)} {invalid === 1 ? "row has a problem" : "rows have problems"}, listed below.
          {answer.validRows > 0
            ? " Go on with the valid rows (the manifest lists the others), or fix the file and upload it again."
            : " Fix the file and upload it again."}
        </p>
      ) : (
        <p className="notice notice-success" role="status">
          Every row is valid.
        </p>
      )}
      {answer.preview.length > 0 ? (
        <>
          <h3>First rows</h3>
          <div className="table-scroll">
            <table className="bulk-table">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Code</th>
                  <th scope="col">Type</th>
                  <th scope="col">Content</th>
                  <th scope="col">Title</th>
                  <th scope="col">Files</th>
                </tr>
              </thead>
              <tbody>
                {answer.preview.map((row) => (
                  <tr key={row.row}>
                    <td>{row.row}</td>
                    <td>
                      <img
                        src={row.src}
                        alt={`QR code for row ${row.row}`}
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
              ? "Starting…"
              : `Generate ${n(answer.validRows)} ${answer.validRows === 1 ? "code" : "codes"}`}
          </button>
          <span className="muted small">
            {answer.direct
              ? "Made right away."
              : "Made in the background; we e-mail you when the ZIP is ready."}
          </span>
        </Form>
      ) : null}
      {answer.problems.length > 0 ? (
        <>
          <h3>Rows with problems</h3>
          <div className="table-scroll">
            <table className="bulk-table bulk-problems">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {answer.problems.map((problem) => (
                  <tr key={problem.row}>
                    <td>{problem.row}</td>
                    <td>
                      <code>{problem.column}</code>
                    </td>
                    <td>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {answer.moreProblems > 0 ? (
            <p className="muted small">
              And {n(answer.moreProblems)} more; manifest.csv in the ZIP lists every one.
            </p>
          ) : null}
        </>
      ) : null}
    </Result>
  );
}
