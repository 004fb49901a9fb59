import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { appFetch, newAddress, ORIGIN } from "./app";

// Signing people up and carrying their session, for worker tests that need someone signed in.

export function cookieFrom(response: Response, name: string): string | null {
  for (const header of response.headers.getSetCookie()) {
    if (header.startsWith(`${name}=`)) return header.split(";")[0]!;
  }
  return null;
}

export function postJson(path: string, body: unknown, init: { cookie?: string; ip?: string } = {}) {
  return appFetch(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: ORIGIN,
      "CF-Connecting-IP": init.ip ?? newAddress(),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

let emailCounter = 0;
export function newPerson(label = "ada") {
  emailCounter += 1;
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `${label}${emailCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: "correct horse battery",
  };
}

/** A new account (with `plan`, one that starts that plan's trial); its session cookie. */
export async function signUp(
  person: ReturnType<typeof newPerson> & { plan?: "free" | "premium" | "ultimate" } = newPerson(),
) {
  const response = await postJson("/api/auth/signup", person);
  expect(response.status).toBe(201);
  return { person, cookie: cookieFrom(response, "qr_session")!, response };
}

/** A session on the demo account of `plan` (demo mode is on in the test configuration). */
export async function demoSession(plan: "free" | "premium" | "ultimate") {
  const response = await postJson("/api/auth/demo", { plan });
  expect(response.status).toBe(200);
  return cookieFrom(response, "qr_session")!;
}

/**
 * Makes account `userId` two days old: past the first day, in which it may make only a few
 * tracked links (issue #31), for tests about something else that make many.
 */
export async function establishAccount(userId: string) {
  await env.DB.prepare("UPDATE users SET created_at = created_at - ? WHERE id = ?")
    .bind(2 * 24 * 60 * 60 * 1000, userId)
    .run();
}

/** Ages every session of `userId` by `minutes`, as if it had started that long ago. */
export async function ageSessions(userId: string, minutes: number) {
  // Sessions are kept under the hash of their id (issue #31), with the time of their sign-in.
  const listed = await env.SESSIONS.list({ prefix: "session-h:" });
  for (const { name } of listed.keys) {
    const session = await env.SESSIONS.get<{
      userId: string;
      createdAt: number;
      signedInAt: number;
    }>(name, "json");
    if (session?.userId !== userId) continue;
    const ago = minutes * 60_000;
    await env.SESSIONS.put(
      name,
      JSON.stringify({
        ...session,
        createdAt: session.createdAt - ago,
        signedInAt: session.signedInAt - ago,
      }),
    );
  }
}
