import { z } from "../validation/zod";
import { API_SCOPES } from "./keys";

// The API tab's "Create key" form, checked on the server with the rules its inputs carry.

export const KEY_NAME_MAX = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

export function keyFormSchema(now: Date) {
  const today = now.toISOString().slice(0, 10);
  return z.object({
    name: z
      .string({ error: "Give the key a name, like “Print pipeline”." })
      .transform((name) => name.replace(/\p{Cc}+/gu, " ").trim())
      .pipe(
        z
          .string()
          .min(1, "Give the key a name, like “Print pipeline”.")
          .max(KEY_NAME_MAX, `Please use at most ${KEY_NAME_MAX} characters.`),
      ),
    scopes: z
      .array(z.enum(API_SCOPES, { error: "Choose scopes from the list." }))
      .min(1, "Choose at least one scope."),
    expiresOn: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the expiry as a date, like 2027-01-31.")
          .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Enter a real date.")
          .refine((value) => value > today, "Choose an expiry date after today.")
          .refine(
            (value) => Date.parse(`${value}T00:00:00Z`) - now.getTime() <= 5 * 366 * DAY_MS,
            "Keys can expire at most 5 years from now.",
          )
          .optional(),
      ),
  });
}

/** The form's fields as the schema wants them (scopes is a list of checkboxes). */
export function keyFormInput(form: FormData) {
  const expiresOn = form.get("expiresOn");
  return {
    name: form.get("name") ?? undefined,
    scopes: form.getAll("scopes"),
    expiresOn: typeof expiresOn === "string" ? expiresOn : undefined,
  };
}
