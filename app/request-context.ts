import { createContext } from "react-router";
import type { UserRecord } from "./db/schema";
import type { Locale } from "./i18n/locales";
import type { WorkspaceAccess } from "./workspaces/current.server";

/** Per-request facts every loader, action and the document renderer may need. */
export interface RequestInfo {
  /** Correlates a response, its log line and the error page a user may report. */
  requestId: string;
  /** CSP nonce for the inline scripts React Router renders into this document. */
  nonce: string;
  /** Lets handlers finish work (logging, counters) after the response is sent. */
  waitUntil: (promise: Promise<unknown>) => void;
  /** Set when a storage service failed this request: the answer is a 503, "try again". */
  storageOutage: boolean;
  /** The signed-in user, looked up once per request however many loaders ask. */
  currentUser: () => Promise<UserRecord | null>;
  /** The signed-in user's workspaces and the current one, looked up once per request; null for a visitor. */
  currentWorkspaces: () => Promise<WorkspaceAccess | null>;
  /** The language of the answer (i18n/locale.server.ts), resolved once per request. */
  locale: () => Promise<Locale>;
}

export const requestInfoContext = createContext<RequestInfo>();
