import { z } from "../validation/zod";

// The simulated provider's test card form (ARCHITECTURE.md decision 5). Like Stripe's test
// mode, a few documented numbers decline; any other well-formed number is accepted.

export const TEST_CARD_SUCCESS = "4242 4242 4242 4242";
export const DECLINING_TEST_CARDS: Record<string, string> = {
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
};

function digits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function expiryInFuture(value: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return new Date(Date.UTC(year, month, 1)) > now;
}

export function testCardSchema(now = new Date()) {
  return z.object({
    cardNumber: z
      .string({ error: "Enter a card number" })
      .transform(digits)
      .pipe(
        z
          .string()
          .regex(/^\d{13,19}$/, "Your card number is incomplete.")
          .refine(passesLuhn, "Your card number is invalid."),
      ),
    expiry: z
      .string({ error: "Enter the expiry date" })
      .refine((value) => expiryInFuture(value, now), "Enter a future expiry date as MM/YY."),
    cvc: z
      .string({ error: "Enter the security code" })
      .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  });
}

/** Why a well-formed test card is declined, or null when it is accepted. */
export function testCardDecline(cardNumber: string): string | null {
  return DECLINING_TEST_CARDS[digits(cardNumber)] ?? null;
}
