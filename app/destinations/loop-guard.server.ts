import type { Database } from "../db/client.server";
import { appOrigin } from "../config/app-url.server";
import { isOwnHost } from "../domains/own-host";
import { getDomainSettings } from "../domains/provider.server";
import { customDomainHostnames } from "../models/destinations.server";
import { leadsBackToUs } from "./destination";

// The loop guard (issues #21 and #27), for every way a tracked code gets a destination (the
// generator, both APIs, bulk, edits and schedules) and for the redirect itself: no destination
// may lead back into this service. Our hostnames come from configuration, never from the request.

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
}

/**
 * A check for these addresses (one D1 read for their hostnames, 90 at a time): whether each
 * leads back into this service, through our hosts, a customer's domain or a short link.
 */
export async function loopGuard(db: Database, urls: string[]): Promise<(url: string) => boolean> {
  const { appHostname } = getDomainSettings();
  const configured = new Set([new URL(appOrigin()).hostname]);
  if (appHostname) configured.add(appHostname).add(`www.${appHostname}`);
  const hostnames = [...new Set(urls.map(hostnameOf).filter((name) => name !== null))];
  const custom = new Set<string>();
  for (let at = 0; at < hostnames.length; at += 90) {
    for (const name of await customDomainHostnames(db, hostnames.slice(at, at + 90))) {
      custom.add(name);
    }
  }
  return (url) =>
    hostnameOf(url) !== null &&
    leadsBackToUs(url, {
      configured: (name) => configured.has(name),
      serving: (name) => isOwnHost(name, appHostname),
      custom: (name) => custom.has(name),
    });
}

/** Whether `url` leads back into this service. */
export async function leadsBackHere(db: Database, url: string): Promise<boolean> {
  return (await loopGuard(db, [url]))(url);
}
