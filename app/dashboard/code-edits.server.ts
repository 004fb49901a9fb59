import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { codeLogo } from "../codes/code-logo.server";
import { encodedContent } from "../codes/saved-image.server";
import type { Database } from "../db/client.server";
import type { QrCodeRecord, UserRecord } from "../db/schema";
import {
  customizationOf,
  DESIGN_QUERY_NAMES,
  parseCustomization,
  storedCustomization,
} from "../design/customization";
import { designProblem } from "../design/image.server";
import { updateCodeContent, updateCodeDesign } from "../models/code-edits.server";
import type { Membership } from "../models/workspaces.server";
import { canSaveType } from "../plans/rules";
import { TYPE_FIELDS } from "../qr/fields";
import { ContentTooLongError } from "../qr/matrix";
import { encodePayload } from "../qr/payload";
import { contentMatrix } from "../qr/render";
import { parseContent } from "../qr/schema";
import type { QrContent } from "../qr/types";
import { emitWebhookEvent } from "../webhooks/emit.server";
import { workspacePlan } from "../workspaces/current.server";
import type { Translate } from "../i18n/i18n";
import { say } from "../i18n/phrase";
import { designFormInput } from "./code-design";
import { pageErrors, pageMessage } from "./code-messages";

// Changing a saved code's design, or a static code's content, from its page (issue #29 item 8).
// The design is checked as every image is (contrast, then the decoder reads the drawing of what
// the code really encodes: its short link when tracked), and saving it touches only the design.
// A static code's content is printed in its image, so a change is shown first and saved only
// once confirmed; a dynamic code changes where it leads instead (the destination form).

export interface CodeEditAction {
  intent: "design" | "content";
  /** "confirm": a static code's new content, waiting for "Yes, change the printed code". */
  stage: "refused" | "confirm";
  message: string;
  /** Form field → what is wrong with it. */
  errors: Record<string, string>;
  values: Record<string, string>;
}

export interface CodeEdit {
  request: Request;
  db: Database;
  membership: Membership;
  user: UserRecord;
  code: QrCodeRecord;
  content: QrContent;
  form: FormData;
  origin: string;
  /** The request's messages: refusals and toasts are said in its language. */
  t: Translate;
}

/** The design schema's paths as the form names its fields. */
const FORM_FIELD: Record<string, string> = {
  "gradient.type": "gradientType",
  "gradient.from": "gradientFrom",
  "gradient.to": "gradientTo",
  "gradient.rotation": "gradientRotation",
};

const formField = (path: string) => FORM_FIELD[path] ?? path;

function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

function refused(
  t: Translate,
  intent: CodeEditAction["intent"],
  english: Record<string, string>,
  values: Record<string, string>,
  status = 400,
) {
  // The schemas' and checks' messages are English (the API's); the page says them in its language.
  const errors = pageErrors(t, english);
  const [first] = Object.values(errors);
  return data<CodeEditAction>(
    { intent, stage: "refused", message: first ?? t("code.edit.checkForm"), errors, values },
    { status },
  );
}

/** Saves a new design; the content, the short link and the logo stay as they are. */
export async function editDesign({
  request,
  db,
  membership,
  code,
  content,
  form,
  origin,
  t,
}: CodeEdit) {
  const values = formValues(form, DESIGN_QUERY_NAMES);
  const saved = customizationOf(code.customization);
  const parsed = parseCustomization({
    ...designFormInput(form),
    size: saved.size,
    logoSize: saved.logoSize,
    logoClear: saved.logoClear,
  });
  if (!parsed.ok) {
    const errors = Object.fromEntries(
      Object.entries(parsed.errors).map(([path, message]) => [formField(path), message]),
    );
    return refused(t, "design", errors, values);
  }
  const { encoded } = await encodedContent(db, code, content, origin);
  const unusable = await designProblem(
    encodePayload(encoded),
    parsed.value,
    await codeLogo(db, code),
  );
  if (unusable)
    return refused(t, "design", { [formField(unusable.field)]: unusable.message }, values);
  await updateCodeDesign(db, code.id, membership.workspace.id, storedCustomization(parsed.value));
  await emitWebhookEvent(db, membership.workspace.id, "qr_code.updated", {
    id: code.id,
    title: code.title,
    changes: ["design"],
  });
  return redirectWithToast(request, `/dashboard/codes/${code.id}`, {
    title: t("code.toast.designSaved"),
    description: t("code.toast.designSavedText"),
    variant: "success",
  });
}

/** A static code's new content: shown for confirmation first, saved once confirmed. */
export async function editContent({
  request,
  db,
  membership,
  code,
  content,
  form,
  origin,
  t,
}: CodeEdit) {
  const names = TYPE_FIELDS[content.type];
  const values = formValues(form, names);
  const { linkUrl } = await encodedContent(db, code, content, origin);
  if (linkUrl) {
    return refused(
      t,
      "content",
      {
        form: t("code.edit.dynamic"),
      },
      values,
    );
  }
  const parsed = parseContent(content.type, values);
  if (!parsed.ok) return refused(t, "content", parsed.errors, values);
  try {
    contentMatrix(parsed.value);
  } catch (error) {
    if (error instanceof ContentTooLongError)
      return refused(t, "content", { form: error.message }, values);
    throw error;
  }
  const allowed = canSaveType(workspacePlan(membership), content.type);
  if (!allowed.ok) return refused(t, "content", { form: say(t, allowed) }, values, 403);
  const unusable = await designProblem(
    encodePayload(parsed.value),
    customizationOf(code.customization),
    await codeLogo(db, code),
  );
  if (unusable) {
    return refused(
      t,
      "content",
      {
        form: t("code.edit.designDoesNotScan", { problem: pageMessage(t, unusable.message) }),
      },
      values,
    );
  }
  if (encodePayload(parsed.value) === encodePayload(content)) {
    return refused(t, "content", { form: t("code.edit.sameContent") }, values);
  }
  if (form.get("confirm") !== "yes") {
    return data<CodeEditAction>({
      intent: "content",
      stage: "confirm",
      message: t("code.edit.confirm"),
      errors: {},
      values,
    });
  }
  await updateCodeContent(db, code.id, membership.workspace.id, parsed.value);
  await emitWebhookEvent(db, membership.workspace.id, "qr_code.updated", {
    id: code.id,
    title: code.title,
    changes: ["content"],
  });
  return redirectWithToast(request, `/dashboard/codes/${code.id}`, {
    title: t("code.toast.contentSaved"),
    description: t("code.toast.contentSavedText"),
    variant: "success",
  });
}
