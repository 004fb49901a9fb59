import { createContext, useContext } from "react";

/** The request id, from the server renderer to the error page (which support may be sent). */
const RequestIdContext = createContext("");

export const RequestIdProvider = RequestIdContext.Provider;

const ELEMENT_ID = "error-reference";

/**
 * "Reference: {request id}" on a server-rendered error page; the same id is in the response's
 * X-Request-Id header and the request's log line. In the browser the id is read back from the
 * server's HTML, so hydration keeps it; an error after a client-side navigation has none.
 */
export function RequestReference() {
  const fromServer = useContext(RequestIdContext);
  const requestId =
    fromServer ||
    (typeof document === "undefined"
      ? ""
      : (document.getElementById(ELEMENT_ID)?.dataset.requestId ?? ""));
  if (!requestId) return null;
  return (
    <p className="muted small" id={ELEMENT_ID} data-request-id={requestId}>
      Reference: <code>{requestId}</code>
    </p>
  );
}
