import { createContext } from "react-router";

/** Per-request facts every loader, action and the document renderer may need. */
export interface RequestInfo {
  /** Correlates a response, its log line and the error page a user may report. */
  requestId: string;
  /** CSP nonce for the inline scripts React Router renders into this document. */
  nonce: string;
  /** Lets handlers finish work (logging, counters) after the response is sent. */
  waitUntil: (promise: Promise<unknown>) => void;
}

export const requestInfoContext = createContext<RequestInfo>();
