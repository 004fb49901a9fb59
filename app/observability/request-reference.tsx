import { createContext, useContext } from "react";
import { Trans } from "../i18n/i18n";

/** From the server renderer to the error page: the request id, and whether storage failed. */
const ErrorContext = createContext({ requestId: "", storageOutage: false });

export const ErrorContextProvider = ErrorContext.Provider;

/**
 * True on a page rendered because a storage service was not answering; in the browser it is
 * read back from the server's HTML (the `data-storage-outage` mark), so hydration agrees.
 */
export function useStorageOutage(): boolean {
  const fromServer = useContext(ErrorContext).storageOutage;
  if (fromServer || typeof document === "undefined") return fromServer;
  return document.querySelector("[data-storage-outage]") !== null;
}

const ELEMENT_ID = "error-reference";

/**
 * "Reference: {request id}" on a server-rendered error page; the same id is in the response's
 * X-Request-Id header and the request's log line. In the browser the id is read back from the
 * server's HTML, so hydration keeps it; an error after a client-side navigation has none.
 */
export function RequestReference() {
  const fromServer = useContext(ErrorContext).requestId;
  const requestId =
    fromServer ||
    (typeof document === "undefined"
      ? ""
      : (document.getElementById(ELEMENT_ID)?.dataset.requestId ?? ""));
  if (!requestId) return null;
  return (
    <p className="muted small" id={ELEMENT_ID} data-request-id={requestId}>
      <Trans id="common.error.reference" values={{ id: requestId }} components={{ 0: <code /> }} />
    </p>
  );
}
