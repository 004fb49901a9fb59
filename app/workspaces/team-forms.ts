import { emailAddress } from "../auth/schemas";
import { oneLine } from "../validation/one-line";
import { z } from "../validation/zod";
import { ASSIGNABLE_ROLES } from "./roles";

// The team tab's forms, checked on the server with the same rules the inputs carry in the HTML
// (type="email", required, maxlength, the role <select>'s options).

export const WORKSPACE_NAME_MAX = 60;

export const inviteSchema = z.object({
  email: emailAddress,
  role: z.enum(ASSIGNABLE_ROLES, { error: "Choose admin, editor or viewer." }),
});

export const roleSchema = z.object({
  member: z.string().min(1),
  role: z.enum(ASSIGNABLE_ROLES, { error: "Choose admin, editor or viewer." }),
});

export const workspaceNameSchema = z.object({
  // A name goes into e-mail subjects and menus: one line of text.
  name: oneLine(
    z
      .string({ error: "Give the workspace a name." })
      .trim()
      .min(1, "Give the workspace a name.")
      .max(WORKSPACE_NAME_MAX, `Please use at most ${WORKSPACE_NAME_MAX} characters.`),
  ),
});

/** The first problem of a failed parse, in words. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form.";
}
