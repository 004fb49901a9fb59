import { oneLine } from "../validation/one-line";
import { z } from "../validation/zod";

// The staff form's rule for suspending a workspace (issue #31). Apart from suspension.ts, which
// every page's shell reads, so that the shell's first load does not take zod with it.

export const SUSPENSION_REASON_MAX = 500;

export const suspendSchema = z.object({
  reason: oneLine(
    z
      .string({ error: "Give the reason: the workspace's owner and admins are e-mailed it" })
      .trim()
      .min(1, "Give the reason: the workspace's owner and admins are e-mailed it")
      .max(
        SUSPENSION_REASON_MAX,
        `Please keep the reason under ${SUSPENSION_REASON_MAX} characters`,
      ),
  ),
});
