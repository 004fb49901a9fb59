import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import {
  listSessionRows,
  takeOtherSessionRows,
  takeSessionRow,
} from "../auth/session-index.server";
import {
  type CurrentSession,
  deleteSessionData,
  readSession,
  startSession,
} from "../auth/session.server";
import type { Database } from "../db/client.server";
import type { SessionRecord, UserRecord } from "../db/schema";
import { devicePhrase } from "../auth/device";
import type { Translate } from "../i18n/locale.server";
import { recordAudit } from "../workspaces/audit.server";
import { personalWorkspaceId } from "../workspaces/personal";
import { z } from "../validation/zod";
import type { AccountActionData, SessionItem } from "./page-data";

// /account's "Sessions" (issue #31): every browser signed in to the account, and ending any one of
// them or all but this one. Rows are named by the hash of their session id (app/auth/session-
// index.server.ts): useless as a cookie, and only the account's own rows can be ended with it.

/** A country by its code in the page's language (Intl's own names); the code when Intl has none. */
function countryName(code: string | null, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale, "en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code; // not a region code Intl knows
  }
}

function placeName(t: Translate, locale: string, row: Pick<SessionRecord, "country" | "city">) {
  return (
    [row.city, countryName(row.country, locale)].filter(Boolean).join(", ") ||
    t("account.sessions.unknownPlace")
  );
}

/** The browser's summary as stored (English, app/auth/device.ts), in the page's language. */
function deviceName(t: Translate, stored: string): string {
  const said = devicePhrase(stored);
  return said ? t(said.id, said.values) : stored;
}

export async function sessionsView(
  db: Database,
  user: UserRecord,
  current: CurrentSession | null,
  now: Date,
  t: Translate,
  locale: string,
): Promise<SessionItem[]> {
  const rows = await listSessionRows(db, user.id, user.sessionsRevokedAt, now);
  return rows
    .map((row) => ({
      id: row.id,
      device: deviceName(t, row.device),
      place: placeName(t, locale, row),
      method: t(`account.sessions.method.${row.method}`),
      signedInAt: row.signedInAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.id === current?.hash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends every session of the account and forgets their KV data, but `keep`'s (null: all of them).
 * Returns how many ended.
 */
export async function endOtherSessions(
  db: Database,
  userId: string,
  keep: string | null,
): Promise<number> {
  const hashes = await takeOtherSessionRows(db, userId, keep);
  await Promise.all(hashes.map(deleteSessionData));
  return hashes.length;
}

interface Context {
  request: Request;
  form: FormData;
  db: Database;
  user: UserRecord;
  /** The page's language, for the toasts (form replies stay English; the page translates them). */
  t: Translate;
}

const BACK = "/account";
const endSchema = z.object({ session: z.string().trim().min(1).max(100) });
const actor = (user: UserRecord) => ({ id: user.id, email: user.email });

export const SESSION_GONE =
  "That session has already ended, or it is not one of yours. The list below is up to date.";

/** "End" on one row: that browser is signed out from its next request (KV lag: up to a minute). */
export async function endOneSession({ request, form, db, user, t }: Context) {
  const submission = parseWithZod(form, { schema: endSchema });
  const current = await readSession(request);
  const refuse = (message: string, status: number) =>
    data<AccountActionData>(
      { intent: "end-session", result: submission.reply({ formErrors: [message] }) },
      { status },
    );
  if (submission.status !== "success") return refuse(SESSION_GONE, 400);
  const hash = submission.value.session;
  if (hash === current?.hash) {
    return refuse("This is the session you are using. Use “Sign out” to end it.", 400);
  }
  const row = await takeSessionRow(db, user.id, hash);
  if (!row) return refuse(SESSION_GONE, 404);
  await Promise.all([
    deleteSessionData(row.id),
    recordAudit(db, {
      workspaceId: personalWorkspaceId(user.id),
      actor: actor(user),
      action: "session.ended",
      details: { name: row.device },
    }),
  ]);
  return redirectWithToast(request, BACK, {
    title: t("account.sessions.toast.endedTitle"),
    description: t("account.sessions.toast.ended", { device: deviceName(t, row.device) }),
    variant: "success",
  });
}

/**
 * "Sign out everywhere else": every other session ends, including sessions from before the index
 * existed (through users.sessions_revoked_at, which the caller's `revoke` sets); this browser
 * gets a fresh session id that keeps its sign-in time.
 */
export async function endSessionsButThis(
  { request, db, user, t }: Context,
  revoke: (db: Database, userId: string) => Promise<unknown>,
) {
  const current = await readSession(request);
  await revoke(db, user.id);
  const ended = await endOtherSessions(db, user.id, current?.hash ?? null);
  const cookie = await startSession(request, user.id, current?.method ?? "password", current);
  await recordAudit(db, {
    workspaceId: personalWorkspaceId(user.id),
    actor: actor(user),
    action: "sessions.ended_others",
    details: { count: ended },
  });
  return redirectWithToast(
    request,
    BACK,
    {
      title: t("account.sessions.toast.othersTitle"),
      description: t("account.sessions.toast.others"),
      variant: "success",
    },
    [cookie],
  );
}
