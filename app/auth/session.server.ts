import { env } from "cloudflare:workers";
import { createSessionStorage } from "react-router";
import { createDatabase } from "../db/client.server";
import type { SignInMethod } from "../db/schema";
import { signedCookie } from "../security/cookies.server";
import { sha256Hex } from "../security/sha256";
import {
  deleteSessionRow,
  insertSessionRow,
  TOUCH_INTERVAL_MS,
  touchSessionRow,
} from "./session-index.server";

// Sessions live in KV (ARCHITECTURE.md decision 8): the cookie carries only a random id, signed
// so that a forged one is refused before KV is asked. KV's cross-location lag (up to ~60 s) means
// a sign-out may take that long to reach another region; the cookie is cleared at once.
//
// Issue #31: KV keeps a session under the SHA-256 of its id, and D1 indexes it under the same
// hash (app/auth/session-index.server.ts), so that a session can be listed and ended from another
// browser without its id ever leaving the cookie. Sessions started before keep their old key
// (the id itself) until they expire; they are not listed, and "sign out everywhere" ends them.

export const SESSION_COOKIE = "qr_session";
export const SESSION_MAX_AGE = 60 * 60 * 24 * 30;
const LEGACY_PREFIX = "session:";
const KEY_PREFIX = "session-h:";

export interface SessionData {
  userId: string;
  /** When this session id was issued. */
  createdAt: number;
  /** When the person signed in: a rotated session keeps it. Absent before issue #31. */
  signedInAt?: number;
  method?: SignInMethod;
  /** When the index last recorded a use (at most every TOUCH_INTERVAL_MS). */
  touchedAt?: number;
}

/** The session a request carries: its data, and the hash that names it in KV and D1. */
export interface CurrentSession extends SessionData {
  hash: string;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/={1,2}$/, "");
}

/** The name of a session in KV and in the D1 index; the id cannot be recovered from it. */
export function sessionHash(id: string): Promise<string> {
  return sha256Hex(id);
}

/** KV forgets the session when its 30 days are over, however often it is touched. */
const expiresAt = (data: Partial<SessionData>) =>
  (typeof data.createdAt === "number" ? data.createdAt : Date.now()) + SESSION_MAX_AGE * 1000;

function storageFor(request: Request) {
  return createSessionStorage<SessionData>({
    cookie: signedCookie(SESSION_COOKIE, request, { maxAge: SESSION_MAX_AGE }),
    async createData(data) {
      const id = randomId();
      const hash = await sessionHash(id);
      await env.SESSIONS.put(KEY_PREFIX + hash, JSON.stringify(data), {
        expirationTtl: SESSION_MAX_AGE,
      });
      if (data.userId && data.method && data.createdAt) {
        await insertSessionRow(createDatabase(), request, {
          hash,
          userId: data.userId,
          method: data.method,
          signedInAt: data.signedInAt ?? data.createdAt,
          createdAt: data.createdAt,
          expiresAt: expiresAt(data),
        });
      }
      return id;
    },
    async readData(id) {
      try {
        const hash = await sessionHash(id);
        return (
          (await env.SESSIONS.get<Partial<SessionData>>(KEY_PREFIX + hash, "json")) ??
          (await env.SESSIONS.get<Partial<SessionData>>(LEGACY_PREFIX + id, "json"))
        );
      } catch {
        return null; // KV unavailable: behave as signed out rather than fail the page
      }
    },
    async updateData(id, data) {
      await env.SESSIONS.put(KEY_PREFIX + (await sessionHash(id)), JSON.stringify(data), {
        expiration: Math.floor(expiresAt(data) / 1000),
      });
    },
    async deleteData(id) {
      const hash = await sessionHash(id);
      await Promise.all([
        env.SESSIONS.delete(KEY_PREFIX + hash),
        env.SESSIONS.delete(LEGACY_PREFIX + id),
        deleteSessionRow(createDatabase(), hash),
      ]);
    },
  });
}

/** Whose session the request carries and when it started, or null. */
export async function readSession(request: Request): Promise<CurrentSession | null> {
  if (!request.headers.get("Cookie")?.includes(SESSION_COOKIE)) return null;
  const session = await storageFor(request).getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  if (typeof userId !== "string" || !session.id) return null;
  const createdAt = session.get("createdAt");
  return {
    ...session.data,
    userId,
    createdAt: typeof createdAt === "number" ? createdAt : 0,
    hash: await sessionHash(session.id),
  };
}

/** When the person behind a session signed in (a rotated session keeps its sign-in's time). */
export function signedInAt(session: SessionData): number {
  return session.signedInAt ?? session.createdAt;
}

/**
 * Signs `userId` in with a brand-new session id (any session the browser had is deleted, so a
 * planted id never becomes a signed-in one). Returns the Set-Cookie header value. `rotated` is
 * the session this one replaces for the same person (a new password, signing out everywhere
 * else): the new one keeps its sign-in time and method, so rotating never makes a sign-in look
 * younger than it is (workspace session limits, app/workspaces/session-limit.server.ts).
 */
export async function startSession(
  request: Request,
  userId: string,
  method: SignInMethod,
  rotated?: SessionData | null,
): Promise<string> {
  const storage = storageFor(request);
  const previous = await storage.getSession(request.headers.get("Cookie"));
  if (previous.id) await storage.destroySession(previous);
  const session = await storage.getSession();
  const now = Date.now();
  session.set("userId", userId);
  session.set("createdAt", now);
  session.set("signedInAt", rotated ? signedInAt(rotated) : now);
  session.set("method", rotated?.method ?? method);
  return storage.commitSession(session);
}

/** Deletes the session on the server and returns the Set-Cookie header that clears it. */
export async function endSession(request: Request): Promise<string> {
  const storage = storageFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session);
}

/** Ends the session named `hash` (from another browser): KV forgets it. The caller owns the row. */
export async function deleteSessionData(hash: string): Promise<void> {
  await env.SESSIONS.delete(KEY_PREFIX + hash);
}

/**
 * Records that the session was used, at most every TOUCH_INTERVAL_MS; null when it is not due.
 * Meant for `waitUntil`: the page does not wait for it. The row goes first, and KV is written
 * only while the row exists, so a session ended meanwhile from another browser stays ended.
 */
export function touchSession(
  request: Request,
  session: CurrentSession,
  now = Date.now(),
): Promise<void> | null {
  if (!session.method) return null; // started before the index existed: it has no row
  if (now - (session.touchedAt ?? session.createdAt) < TOUCH_INTERVAL_MS) return null;
  return (async () => {
    if (!(await touchSessionRow(createDatabase(), session.hash, new Date(now)))) return;
    const storage = storageFor(request);
    const stored = await storage.getSession(request.headers.get("Cookie"));
    if (stored.get("userId") !== session.userId) return;
    stored.set("touchedAt", now);
    await storage.commitSession(stored);
  })();
}
