import { normalizeDomain } from "../destinations/blocklist";
import { z } from "../validation/zod";

// The staff blocklist form (issue #31): what staff type, checked by the same schema in the
// browser (Conform) and on the server. The domain is kept as the matcher compares hosts.

export const REASON_MAX = 300;

export const addBlockedDomainSchema = z.object({
  domain: z
    .string({ error: "Enter a domain, like evil.example." })
    .trim()
    .min(1, "Enter a domain, like evil.example.")
    .max(300, "Domains can be at most 253 characters.")
    .refine(
      (value) => normalizeDomain(value) !== null,
      "This is not a domain. Enter one like evil.example (it also blocks every name under it).",
    ),
  reason: z
    .string({ error: "Say why it is blocked, for the next person who reads this list." })
    .trim()
    .min(3, "Say why it is blocked, for the next person who reads this list.")
    .max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters.`),
});
