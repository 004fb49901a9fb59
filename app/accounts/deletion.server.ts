import { env } from "cloudflare:workers";
import { getPaymentProvider } from "../billing/payments.server";
import { PaymentError } from "../billing/provider.server";
import { PaymentsNotConfiguredError } from "../billing/settings.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { accountDeletedMessage, recipientLocale } from "../mail/templates";
import { deleteBrandAssetsOf } from "../brand/assets.server";
import {
  deleteUserRows,
  ownedWorkspaceIds,
  ownedWorkspacesWithOthers,
  othersWorkspacesOf,
} from "../models/account.server";
import { revokeKeysOfFormerManager } from "../workspaces/key-revocation.server";
import { trackedSlugsIn } from "../models/qr-codes.server";
import { rememberTrial, trialAddressHash } from "../models/trial-addresses.server";
import { hostnamesOf } from "../models/custom-domains.server";
import { releaseHostnames } from "../domains/release.server";
import { forgetLinks } from "../scans/links.server";
import { describeError, log } from "../observability/log.server";
import { adoptLogosOfLeaver } from "../jobs/logo-adoption.server";
import { deleteLogosOf } from "../storage/logos.server";

// Deleting an account, at once and for good. The order matters: a paid subscription is ended
// first, and the customer record at the payment provider deleted, because an account that is
// gone while its card is still charged is the worst outcome; if the payment provider cannot be
// reached, nothing is deleted. Then the logos in R2 (after the workspaces that use the person's
// earlier uploads adopted them), then the rows in D1 in one atomic batch, then the custom
// hostnames at their provider. A failure before the batch leaves the account in place to try
// again (and a logo left behind by a failure after it is removed by the nightly logo sweep).

export const BILLING_UNAVAILABLE =
  "We could not cancel your subscription just now, so your account was not deleted. Please try again in a few minutes.";
export const STORAGE_UNAVAILABLE =
  "We could not delete your account just now. Please try again in a few minutes.";

export type Deletion = { ok: true } | { ok: false; status: 409 | 503; message: string };

export async function deleteAccount(
  db: Database,
  user: UserRecord,
  origin: string,
): Promise<Deletion> {
  const shared = await ownedWorkspacesWithOthers(db, user.id);
  if (shared.length > 0) {
    const names = shared.map(({ name }) => `“${name}”`).join(", ");
    return {
      ok: false,
      status: 409,
      message: `Other people work in your workspace ${names}. Remove them, or hand the workspace to one of them, before deleting your account, so that their codes are not deleted with it.`,
    };
  }
  if (user.stripeSubscriptionId || user.stripeCustomerId) {
    try {
      const payments = getPaymentProvider(db);
      await payments.cancelNow(user);
      // The customer record holds the address and the cards: it goes with the account.
      await payments.deleteCustomer(user);
    } catch (error) {
      if (!(error instanceof PaymentError || error instanceof PaymentsNotConfiguredError)) {
        throw error;
      }
      log("warn", "account_deletion_billing_failed", describeError(error));
      return { ok: false, status: 503, message: BILLING_UNAVAILABLE };
    }
  }
  try {
    // Logos belong to workspaces: those the person uploaded before that was so, and that other
    // people's workspaces use, are adopted by those workspaces first (issue #27).
    await adoptLogosOfLeaver(db, env.LOGOS, user.id);
    await deleteLogosOf(user.id);
    const owned = await ownedWorkspaceIds(db, user.id);
    for (const workspaceId of owned) await deleteLogosOf(workspaceId);
    await deleteBrandAssetsOf(owned);
  } catch (error) {
    log("warn", "account_deletion_logos_failed", describeError(error));
    return { ok: false, status: 503, message: STORAGE_UNAVAILABLE };
  }
  // Keys the person made in other people's workspaces go with their membership.
  const maker = { userId: user.id, ...user };
  for (const workspace of await othersWorkspacesOf(db, user.id)) {
    await revokeKeysOfFormerManager(db, workspace, maker, maker, "deleted");
  }
  const slugs = await trackedSlugsIn(db, { ownerId: user.id });
  // The address keeps its used trial (issue #27 item 18); trials since then were recorded when
  // they started, this catches the ones from before.
  await rememberTrial(db, user.id, await trialAddressHash(user.email));
  const hostnames = await hostnamesOf(db, { ownerId: user.id });
  await deleteUserRows(db, user.id);
  // The custom hostnames of its workspaces are let go at the provider (queued when it fails).
  await releaseHostnames(hostnames);
  // Printed tracked codes answer 410 at once here; other data centres' copies expire.
  await forgetLinks(origin, slugs);
  log("info", "account_deleted", { userId: user.id });
  await sendMail(
    accountDeletedMessage({
      locale: recipientLocale(user.language),
      to: user.email,
      firstName: user.firstName,
    }),
  );
  return { ok: true };
}
