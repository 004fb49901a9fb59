import { env } from "cloudflare:workers";
import { createSessionStorage } from "react-router";
import { signedCookie } from "../security/cookies.server";

// Sessions live in KV (ARCHITECTURE.md decision 8): the cookie carries only a random id, signed
// so that a forged one is refused before KV is asked. KV's cross-location lag (up to ~60 s) means
// a sign-out may take that long to reach another region; the cookie is cleared at once.

export const SESSION_COOKIE = "qr_session";
export const SESSION_MAX_AGE = 60 * 60 * 24 * 30;
const KEY_PREFIX = "session:";

export interface SessionData {
  userId: string;
  createdAt: number;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/={1,2}$/, "");
}

function storageFor(request: Request) {
  return createSessionStorage<SessionData>({
    cookie: signedCookie(SESSION_COOKIE, request, { maxAge: SESSION_MAX_AGE }),
    async createData(data) {
      const id = randomId();
      await env.SESSIONS.put(KEY_PREFIX + id, JSON.stringify(data), {
        expirationTtl: SESSION_MAX_AGE,
      });
      return id;
    },
    async readData(id) {
      try {
        return await env.SESSIONS.get<Partial<SessionData>>(KEY_PREFIX + id, "json");
      } catch {
        return null; // KV unavailable: behave as signed out rather than fail the page
      }
    },
    async updateData(id, data) {
      await env.SESSIONS.put(KEY_PREFIX + id, JSON.stringify(data), {
        expirationTtl: SESSION_MAX_AGE,
      });
    },
    async deleteData(id) {
      await env.SESSIONS.delete(KEY_PREFIX + id);
    },
  });
}

/** Whose session the request carries and when it started, or null. */
export async function readSession(request: Request): Promise<SessionData | null> {
  if (!request.headers.get("Cookie")?.includes(SESSION_COOKIE)) return null;
  const session = await storageFor(request).getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  if (typeof userId !== "string") return null;
  const createdAt = session.get("createdAt");
  return { userId, createdAt: typeof createdAt === "number" ? createdAt : 0 };
}

/**
 * Signs `userId` in with a brand-new session id (any session the browser had is deleted, so a
 * planted id never becomes a signed-in one). Returns the Set-Cookie header value.
 */
export async function startSession(request: Request, userId: string): Promise<string> {
  const storage = storageFor(request);
  const previous = await storage.getSession(request.headers.get("Cookie"));
  if (previous.id) await storage.destroySession(previous);
  const session = await storage.getSession();
  session.set("userId", userId);
  session.set("createdAt", Date.now());
  return storage.commitSession(session);
}

/** Deletes the session on the server and returns the Set-Cookie header that clears it. */
export async function endSession(request: Request): Promise<string> {
  const storage = storageFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session);
}
