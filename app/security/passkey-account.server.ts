import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AccountActionData } from "../accounts/page-data";
import { reauthenticate, signedInRecently, signInAgain } from "../accounts/reauthentication.server";
import { flashHeader, redirectWithToast } from "../auth/flash.server";
import { jsonProblem } from "../auth/responses.server";
import { readSession, type SessionData } from "../auth/session.server";
import { appUrl } from "../config/app-url.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import type { Translate } from "../i18n/locale.server";
import { sendMail } from "../mail/mailer.server";
import { passkeyChangedMessage, recipientLocale } from "../mail/templates";
import { identitiesOf } from "../models/account.server";
import { registrationOptions, verifyRegistration } from "./passkey-ceremonies.server";
import {
  clearChallengeCookie,
  consumeChallenge,
  issueChallenge,
} from "./passkey-challenges.server";
import {
  challengeProblem,
  jsonWithCookies,
  passkeyProblem,
  readRegistration,
} from "./passkey-responses.server";
import {
  PASSKEY_NOT_FOUND,
  type PasskeyIntent,
  type PasskeySettings,
  PASSKEYS_PER_ACCOUNT,
  passkeyName,
  removePasskeySchema,
  renamePasskeySchema,
  STALE_SIGN_IN_FOR_PASSKEY,
} from "./passkey-schemas";
import { PASSKEY_DUPLICATE, PASSKEY_NOT_VERIFIED, passkeyLimit } from "./refusals";
import {
  countPasskeys,
  deletePasskey,
  findOwnPasskey,
  insertPasskey,
  passkeysOf,
  renamePasskey,
} from "./passkeys.server";

// The Passkeys section of /account (issue #31): the list, renaming and removing (plain form
// posts, so they work without JavaScript), and adding one (the WebAuthn ceremony, which needs
// JavaScript, through two JSON calls under /account/passkeys/).

const BACK = "/account#passkeys";

export async function passkeySettings(
  db: Database,
  user: UserRecord,
  session: SessionData | null,
  now = new Date(),
): Promise<PasskeySettings> {
  const rows = await passkeysOf(db, user.id);
  const stale = user.passwordHash === null && !signedInRecently(session, now.getTime());
  return {
    list: rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      synced: row.deviceType === "multiDevice",
    })),
    signInAgain: stale
      ? signInAgain(
          (await identitiesOf(db, user.id)).map(({ provider }) => provider),
          encodeURIComponent(BACK),
        )
      : null,
  };
}

function tellOwner(user: UserRecord, name: string, change: "added" | "removed") {
  return sendMail(
    passkeyChangedMessage({
      locale: recipientLocale(user.language),
      to: user.email,
      firstName: user.firstName,
      passkeyName: name,
      change,
      accountLink: appUrl(BACK),
    }),
  );
}

// ---- The forms (intents of /account's action) ----

interface FormContext {
  request: Request;
  form: FormData;
  db: Database;
  user: UserRecord;
  /** The page's language, for the messages after the redirect. */
  t: Translate;
}

const refuse = (intent: PasskeyIntent, result: AccountActionData["result"], status: number) =>
  data<AccountActionData>({ intent, result }, { status });

async function rename({ request, form, db, user, t }: FormContext) {
  const submission = parseWithZod(form, { schema: renamePasskeySchema });
  if (submission.status !== "success") return refuse("passkey-rename", submission.reply(), 400);
  const { passkeyId, name } = submission.value;
  if (!(await renamePasskey(db, user.id, passkeyId, name))) {
    return refuse("passkey-rename", submission.reply({ formErrors: [PASSKEY_NOT_FOUND] }), 404);
  }
  return redirectWithToast(request, BACK, {
    title: t("account.passkeys.toast.renamed"),
    variant: "success",
  });
}

async function remove({ request, form, db, user, t }: FormContext) {
  const schema = removePasskeySchema({ hasPassword: user.passwordHash !== null });
  const submission = parseWithZod(form, { schema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") {
    return refuse("passkey-remove", submission.reply(hide), 400);
  }
  const { passkeyId, currentPassword } = submission.value;
  // Someone else's passkey (or one already gone) is not found before any password is checked.
  if (!(await findOwnPasskey(db, user.id, passkeyId))) {
    return refuse(
      "passkey-remove",
      submission.reply({ ...hide, formErrors: [PASSKEY_NOT_FOUND] }),
      404,
    );
  }
  const proven = await reauthenticate(user, await readSession(request), currentPassword);
  if (!proven.ok) {
    const message = proven.field ? proven.message : STALE_SIGN_IN_FOR_PASSKEY;
    const errors = proven.field
      ? { fieldErrors: { [proven.field]: [message] } }
      : { formErrors: [proven.status === 429 ? proven.message : message] };
    return refuse("passkey-remove", submission.reply({ ...hide, ...errors }), proven.status);
  }
  const removed = await deletePasskey(db, user.id, passkeyId);
  if (!removed) {
    return refuse(
      "passkey-remove",
      submission.reply({ ...hide, formErrors: [PASSKEY_NOT_FOUND] }),
      404,
    );
  }
  await tellOwner(user, removed.name, "removed");
  return redirectWithToast(request, BACK, {
    title: t("account.passkeys.toast.removed"),
    description: t("account.passkeys.toast.removed.text", { name: removed.name }),
    variant: "success",
  });
}

type Reply = Response | ReturnType<typeof data<AccountActionData>>;

/** The Passkeys section's intents, for /account's action to dispatch (app/accounts/actions.server.ts). */
export const PASSKEY_HANDLERS: Record<PasskeyIntent, (context: FormContext) => Promise<Reply>> = {
  "passkey-rename": rename,
  "passkey-remove": remove,
};

// ---- Adding a passkey (JSON, with JavaScript) ----

const PASSKEY_LIMIT = passkeyLimit(PASSKEYS_PER_ACCOUNT);

/** POST /account/passkeys/options: what the browser hands to navigator.credentials.create(). */
export async function startRegistration(request: Request, db: Database, user: UserRecord) {
  const existing = await passkeysOf(db, user.id);
  if (existing.length >= PASSKEYS_PER_ACCOUNT) {
    return passkeyProblem(409, PASSKEY_LIMIT, { code: "LIMIT" });
  }
  const options = await registrationOptions(user, existing);
  const cookie = await issueChallenge(db, request, options.challenge, "register", user.id);
  return jsonWithCookies(options, [cookie]);
}

/** POST /account/passkeys/verify { name, response }: checks the new passkey and keeps it. */
export async function finishRegistration(
  request: Request,
  db: Database,
  user: UserRecord,
  t: Translate,
) {
  const { body, response, challenge } = await readRegistration(request);
  const name = passkeyName.safeParse(body.name);
  if (!name.success) {
    return jsonProblem(400, name.error.issues[0]!.message, { code: "NAME", field: "name" });
  }
  const consumed = await consumeChallenge(db, request, challenge, "register", user.id);
  if (!consumed.ok) return challengeProblem(consumed.problem);
  const now = new Date();
  const verified = await verifyRegistration(response, challenge, user.id, name.data, now);
  const cleared = await clearChallengeCookie(request);
  if (!verified.ok) {
    return passkeyProblem(400, PASSKEY_NOT_VERIFIED, { code: "NOT_VERIFIED" });
  }
  if ((await countPasskeys(db, user.id)) >= PASSKEYS_PER_ACCOUNT) {
    return passkeyProblem(409, PASSKEY_LIMIT, { code: "LIMIT" });
  }
  if (!(await insertPasskey(db, verified.value))) {
    return passkeyProblem(409, PASSKEY_DUPLICATE, { code: "DUPLICATE" });
  }
  await tellOwner(user, name.data, "added");
  const toast = {
    title: t("account.passkeys.toast.added"),
    description: t("account.passkeys.toast.added.text", { name: name.data }),
    variant: "success" as const,
  };
  return jsonWithCookies(
    { ok: true, redirect: BACK, passkey: { id: verified.value.id, name: name.data } },
    [cleared, await flashHeader(request, toast)],
    201,
  );
}
