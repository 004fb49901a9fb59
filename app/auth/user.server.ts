import { redirect } from "react-router";
import { createDatabase } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { findUserById } from "../models/users.server";
import { sessionUserId } from "./session.server";

/** The signed-in user, or null (no session, an expired one, or a deleted account). */
export async function getUser(request: Request): Promise<UserRecord | null> {
  const userId = await sessionUserId(request);
  return userId ? findUserById(createDatabase(), userId) : null;
}

/** The signed-in user; anyone else is sent to sign in and brought back afterwards. */
export async function requireUser(request: Request): Promise<UserRecord> {
  const user = await getUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(
    `/auth?mode=signin&redirect=${encodeURIComponent(url.pathname + url.search)}`,
    303,
  );
}

/** For JSON endpoints: the signed-in user, or a 401 the client recognises (spec section 8). */
export async function requireApiUser(request: Request): Promise<UserRecord> {
  const user = await getUser(request);
  if (user) return user;
  throw Response.json(
    { message: "Authentication required", code: "UNAUTHORIZED" },
    { status: 401, headers: { "Cache-Control": "no-store" } },
  );
}
