import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { endSession, readSession, startSession } from "../auth/session.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import type { Translate } from "../i18n/locale.server";
import { renameUser, setTimeZone } from "../models/account.server";
import { validTimeZone } from "../dates/format";
import { revokeSessions } from "../models/users.server";
import { deleteAccount } from "./deletion.server";
import {
  type EmailChangeRequest,
  requestEmailChange,
  resendEmailChange,
} from "./email-change.server";
import type { AccountActionData } from "./page-data";
import { reauthenticate } from "./reauthentication.server";
import { changePassword } from "./password-change.server";
import { endOneSession, endOtherSessions, endSessionsButThis } from "./sessions.server";
import { z } from "../validation/zod";
import {
  ACCOUNT_INTENTS,
  type AccountIntent,
  deletionSchema,
  emailChangeSchema,
  passwordSchema,
  profileSchema,
  timeZoneSchema,
} from "./schemas";
import { appOrigin } from "../config/app-url.server";
import { twoFactorAction } from "../security/two-factor-account.server";
import { PASSKEY_HANDLERS } from "../security/passkey-account.server";

// The forms of /account. Each posts its `intent`; a success goes back with a message (post,
// redirect, get), a problem re-renders the page with the form's reply and a 4xx/5xx status.

/** A redirect with a message, or the page again with a form's reply. */
type Reply = Response | ReturnType<typeof data<AccountActionData>>;

const SECRETS = ["currentPassword", "newPassword"];

function refuse(intent: AccountIntent, result: SubmissionResult<string[]>, status: number) {
  return data<AccountActionData>({ intent, result }, { status });
}

/** Any parsed form: enough to answer it with its reply. */
interface Submission {
  reply(options?: {
    hideFields?: string[];
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
  }): SubmissionResult<string[]>;
}

function problem(
  submission: Submission,
  field: string | null,
  message: string,
): SubmissionResult<string[]> {
  return submission.reply({
    hideFields: SECRETS,
    ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
  });
}

interface Context {
  request: Request;
  form: FormData;
  db: Database;
  user: UserRecord;
  origin: string;
  /** The page's language, for the toasts (form replies stay English; the page translates them). */
  t: Translate;
}

const back = "/account";

async function profile({ request, form, db, user, t }: Context) {
  const submission = parseWithZod(form, { schema: profileSchema });
  if (submission.status !== "success") return refuse("profile", submission.reply(), 400);
  await renameUser(db, user.id, submission.value);
  return redirectWithToast(request, back, {
    title: t("account.toast.nameSaved"),
    variant: "success",
  });
}

async function timeZone({ request, form, db, user, t }: Context) {
  const submission = parseWithZod(form, { schema: timeZoneSchema });
  if (submission.status !== "success") return refuse("time-zone", submission.reply(), 400);
  // Kept in the runtime's own spelling ("europe/berlin" is Europe/Berlin).
  const zone = validTimeZone(submission.value.timeZone)!;
  await setTimeZone(db, user.id, zone);
  return redirectWithToast(request, back, {
    title: t("account.toast.zoneSaved"),
    description: t("account.toast.zoneSaved.text", { zone }),
    variant: "success",
  });
}

/** A link sent (or not) to a new address, said the same way for a first request and a resend. */
async function afterEmailRequest(
  { request, t }: Context,
  intent: AccountIntent,
  submission: Submission,
  sent: EmailChangeRequest,
) {
  if (!sent.ok) return refuse(intent, problem(submission, sent.field, sent.message), sent.status);
  if (sent.delivery === "failed") {
    return data<AccountActionData>(
      { intent, result: submission.reply({ hideFields: SECRETS }), undelivered: sent.to },
      { status: 503 },
    );
  }
  return redirectWithToast(request, back, {
    title: t("account.toast.checkInbox"),
    description: t("account.toast.checkInbox.text", { email: sent.to }),
    variant: "success",
  });
}

async function email(context: Context) {
  const { form, db, user, origin } = context;
  const schema = emailChangeSchema({ email: user.email, hasPassword: user.passwordHash !== null });
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    return refuse("email", submission.reply({ hideFields: SECRETS }), 400);
  }
  const sent = await requestEmailChange(db, user, submission.value, origin);
  return afterEmailRequest(context, "email", submission, sent);
}

async function resendEmail(context: Context) {
  // "Send again" has no fields: the address is the one waiting for its link.
  const submission = parseWithZod(context.form, { schema: z.object({}) });
  const sent = await resendEmailChange(context.db, context.user, context.origin);
  return afterEmailRequest(context, "resend-email", submission, sent);
}

async function password({ request, form, db, user, origin, t }: Context) {
  const submission = parseWithZod(form, {
    schema: passwordSchema({ hasPassword: user.passwordHash !== null }),
  });
  if (submission.status !== "success") {
    return refuse("password", submission.reply({ hideFields: SECRETS }), 400);
  }
  const changed = await changePassword(db, user, submission.value, origin);
  if (!changed.ok) {
    return refuse("password", problem(submission, changed.field, changed.message), changed.status);
  }
  // Every session that started before the change has ended, this one too (their KV data and
  // index rows go as well): a fresh one keeps this browser signed in, with its sign-in time.
  const current = await readSession(request);
  await endOtherSessions(db, user.id, null);
  const session = await startSession(request, user.id, current?.method ?? "password", current);
  return redirectWithToast(
    request,
    back,
    changed.firstPassword
      ? {
          title: t("account.toast.passwordSet"),
          description: t("account.toast.passwordSet.text"),
          variant: "success",
        }
      : {
          title: t("account.toast.passwordChanged"),
          description: t("account.toast.passwordChanged.text"),
          variant: "success",
        },
    [session],
  );
}

// `logged_out=true` tells the page's script that this sign-out was meant (auth-state.tsx), so it
// forgets the user without announcing an expired session.

async function signOutEverywhere({ request, db, user, t }: Context) {
  await revokeSessions(db, user.id);
  return redirectWithToast(
    request,
    "/auth?mode=signin&logged_out=true",
    {
      title: t("account.toast.signedOutEverywhere"),
      description: t("account.toast.signedOutEverywhere.text"),
      variant: "success",
    },
    [await endSession(request)],
  );
}

async function remove({ request, form, db, user, t }: Context) {
  const schema = deletionSchema({ email: user.email, hasPassword: user.passwordHash !== null });
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    return refuse("delete", submission.reply({ hideFields: SECRETS }), 400);
  }
  const proven = await reauthenticate(
    user,
    await readSession(request),
    submission.value.currentPassword,
  );
  if (!proven.ok) {
    return refuse("delete", problem(submission, proven.field, proven.message), proven.status);
  }
  const deletion = await deleteAccount(db, user, appOrigin());
  if (!deletion.ok) {
    return refuse("delete", problem(submission, null, deletion.message), deletion.status);
  }
  return redirectWithToast(
    request,
    "/?logged_out=true",
    {
      title: t("account.toast.deleted"),
      description: t("account.toast.deleted.text"),
      variant: "success",
    },
    [await endSession(request)],
  );
}

const HANDLERS: Record<AccountIntent, (context: Context) => Promise<Reply>> = {
  profile,
  "time-zone": timeZone,
  email,
  "resend-email": resendEmail,
  password,
  "sign-out-everywhere": signOutEverywhere,
  delete: remove,
  "end-session": endOneSession,
  "sign-out-others": (context) => endSessionsButThis(context, revokeSessions),
  "two-factor": ({ request, form, db, user, t }) => twoFactorAction(request, form, db, user, t),
  ...PASSKEY_HANDLERS,
};

const isIntent = (value: unknown): value is AccountIntent =>
  ACCOUNT_INTENTS.includes(value as AccountIntent);

export async function accountAction(
  request: Request,
  db: Database,
  user: UserRecord,
  t: Translate,
): Promise<Reply> {
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  if (!isIntent(intent)) {
    return redirectWithToast(request, back, {
      title: t("account.toast.unchanged"),
      description: t("account.toast.unchanged.text"),
      variant: "error",
    });
  }
  return HANDLERS[intent]({ request, form, db, user, origin: appOrigin(), t });
}
