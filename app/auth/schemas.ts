import { oneLine } from "../validation/one-line";
import { z } from "../validation/zod";
import { PLAN_IDS } from "../plans/catalogue";

// Sign-up and sign-in rules (spec section 5), shared by the forms (Conform in the browser), the
// form actions and the JSON API. Conform sends empty fields as missing, so each field's message
// covers both "missing" and "too short".

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(254, "Invalid email address")
  .pipe(z.email({ error: "Invalid email address" }));

/** A new password follows the sign-up rule, wherever it is chosen (sign-up, reset, settings). */
export const newPassword = z
  .string({ error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(200, "Please use at most 200 characters");

export const emailAddress = email;

/** A person's name reaches e-mail subjects (invitations): one line of text. */
const name = (message: string) =>
  oneLine(
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(100, "Please use at most 100 characters"),
  );

export const personName = name;

export const signUpSchema = z.object({
  firstName: name("First name is required"),
  lastName: name("Last name is required"),
  email,
  password: newPassword,
  plan: z.enum(PLAN_IDS).optional(),
});

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(200, "Please use at most 200 characters"),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;

/** A field that people never see; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "contactTime";
