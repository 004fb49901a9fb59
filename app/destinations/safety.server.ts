import type { Database } from "../db/client.server";
import { staffBlockedAmong, trackedLinksMadeBy } from "../models/link-blocklist.server";
import { newAccountAllowance, newAccountLimitMessage } from "../plans/rules";
import type { Phrased } from "../i18n/phrase";
import {
  destinationHost,
  domainsOf,
  listedDomain,
  maintainedBlocklist,
  UNSAFE_LIST_MESSAGE,
} from "./blocklist";
import { safeBrowsingMessage } from "./safe-browsing";
import { safeBrowsingThreats } from "./safe-browsing.server";

// The link-safety check (issue #31): whether a destination may be used for a tracked link. Every
// way a tracked link is made or changes where it leads asks this (the generator, /api/qr-codes,
// /api/v1, bulk, the code page's edit and restore, scheduled changes when set and when due):
// the domain blocklist (the maintained file and staff's entries), then Google Safe Browsing.

export interface Unsafe {
  reason: "blocklist" | "safe_browsing";
  message: string;
  /** The listed domain, or the threat type Safe Browsing named. */
  detail: string;
}

/**
 * A check for these addresses: one D1 read for staff's entries and one Safe Browsing lookup for
 * those the blocklist lets through. The returned function answers for each address.
 */
export async function destinationSafety(
  db: Database,
  urls: string[],
): Promise<(url: string) => Unsafe | null> {
  const candidates = urls.flatMap((url) => {
    const host = destinationHost(url);
    return host ? domainsOf(host) : [];
  });
  const staff = await staffBlockedAmong(db, candidates);
  const maintained = maintainedBlocklist();
  const blocked = new Map<string, string>();
  for (const url of urls) {
    const domain = listedDomain(url, (name) => maintained.has(name) || staff.has(name));
    if (domain) blocked.set(url, domain);
  }
  const { testMode, threats } = await safeBrowsingThreats(urls.filter((url) => !blocked.has(url)));
  return (url) => {
    const domain = blocked.get(url);
    if (domain) return { reason: "blocklist", message: UNSAFE_LIST_MESSAGE, detail: domain };
    const threat = threats.get(url);
    if (threat) {
      return {
        reason: "safe_browsing",
        message: safeBrowsingMessage(threat, testMode),
        detail: threat,
      };
    }
    return null;
  };
}

/** Whether `url` may be a tracked link's destination: null when it may, else why not. */
export async function unsafeDestination(db: Database, url: string): Promise<Unsafe | null> {
  return (await destinationSafety(db, [url]))(url);
}

/**
 * How many more tracked links `userId` may make now, when the account is younger than a day
 * (app/plans/rules.ts newAccountAllowance); null when it is older and no such limit applies.
 */
export async function newAccountRoom(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<({ remaining: number } & Phrased) | null> {
  const account = await trackedLinksMadeBy(db, userId);
  if (!account) return null;
  const allowance = newAccountAllowance(account.createdAt, account.made, now);
  if (!allowance.limited) return null;
  return { remaining: allowance.remaining, ...newAccountLimitMessage(allowance.liftsAt) };
}
