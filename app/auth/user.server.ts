import { redirect, type RouterContextProvider } from "react-router";
import { createDatabase } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { findUserById } from "../models/users.server";
import { requestInfoContext } from "../request-context";
import { jsonProblem } from "./responses.server";
import { readSession, touchSession } from "./session.server";

/**
 * Looks the signed-in user up: the session in KV, then the account in D1. A session that started
 * before the account's sessions were revoked (sign out everywhere, a new password) is signed out
 * from its next request on, wherever it is. A use of the session is recorded for /account's
 * list after the response (`waitUntil`), at most every few minutes.
 */
export async function loadUser(
  request: Request,
  waitUntil: (promise: Promise<unknown>) => void = () => {},
): Promise<UserRecord | null> {
  const session = await readSession(request);
  if (!session) return null;
  const user = await findUserById(createDatabase(), session.userId);
  if (!user) return null;
  if (user.sessionsRevokedAt && session.createdAt < user.sessionsRevokedAt.getTime()) return null;
  const touched = touchSession(request, session);
  if (touched) waitUntil(touched.catch(() => {})); // a missed "last used" is no reason to fail
  return user;
}

type Context = Readonly<RouterContextProvider>;

/**
 * The signed-in user, or null (no session, an expired one, or a deleted account). The root and
 * the page's loaders all ask; the lookup happens once per request (app/entry.worker.ts).
 */
export function getUser(context: Context): Promise<UserRecord | null> {
  return context.get(requestInfoContext).currentUser();
}

/** The signed-in user; anyone else is sent to sign in and brought back afterwards. */
export async function requireUser(request: Request, context: Context): Promise<UserRecord> {
  const user = await getUser(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(
    `/auth?mode=signin&redirect=${encodeURIComponent(url.pathname + url.search)}`,
    303,
  );
}

/** The signed-in user of a JSON call; anyone else gets the spec's 401 (section 8). */
export async function requireApiUser(context: Context): Promise<UserRecord> {
  const user = await getUser(context);
  if (user) return user;
  throw jsonProblem(401, "Authentication required", { code: "UNAUTHORIZED" });
}
