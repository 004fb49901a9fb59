import { env } from "cloudflare:workers";
import { describeError, log } from "../observability/log.server";
import { noteQueueFailure } from "../operations/queue-watch.server";
import { forgetHost } from "./hosts.server";
import { getDomainProvider } from "./provider.server";

// Every path that ends a custom domain also ends its hostname at the provider (issue #27):
// removing it on the Domains tab, deleting its workspace or its owner's account, losing an
// add race, and the cron that drops domains never verified within 7 days. A hostname left at
// Cloudflare would tell its real owner "already in use" forever. When the provider fails, the
// removal goes on the domain queue (wrangler.toml), whose consumer retries it with growing
// delays; after the last retry the dead-letter queue logs `custom_hostname_orphaned` for an
// operator.

/** A hostname to remove at the provider: one message of the domain queue. */
export interface HostnameRelease {
  kind: "remove-hostname";
  providerId: string;
  hostname: string;
}

/** Retries of a queued removal, with these delays (wrangler.toml max_retries matches). */
export const RELEASE_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21600, 43200, 43200, 43200];

/** Removes the hostnames at the provider now, or queues what it refused; never throws. */
export async function releaseHostnames(
  domains: { providerId: string | null; hostname: string }[],
): Promise<{ removed: number; queued: number }> {
  let removed = 0;
  let queued = 0;
  const provider = getDomainProvider();
  for (const { providerId, hostname } of domains) {
    forgetHost(hostname);
    if (!providerId) continue;
    try {
      await provider.remove(providerId);
      removed += 1;
    } catch (cause) {
      log("warn", "custom_hostname_release_queued", { providerId, ...describeError(cause) });
      const message: HostnameRelease = { kind: "remove-hostname", providerId, hostname };
      try {
        await env.DOMAIN_QUEUE.send(message);
        queued += 1;
      } catch (queueCause) {
        log("error", "custom_hostname_orphaned", {
          providerId,
          hostname,
          ...describeError(queueCause),
        });
      }
    }
  }
  return { removed, queued };
}

/** The domain queue's consumer: each removal is tried again, later and later. */
export async function releaseQueuedHostnames(batch: MessageBatch<HostnameRelease>): Promise<void> {
  const provider = getDomainProvider();
  for (const message of batch.messages) {
    try {
      await provider.remove(message.body.providerId);
      message.ack();
    } catch (cause) {
      const delay =
        RELEASE_RETRY_DELAYS_SECONDS[
          Math.min(message.attempts, RELEASE_RETRY_DELAYS_SECONDS.length) - 1
        ];
      log("warn", "custom_hostname_release_retry", {
        providerId: message.body.providerId,
        attempts: message.attempts,
        delaySeconds: delay,
        ...describeError(cause),
      });
      noteQueueFailure(message, cause);
      message.retry({ delaySeconds: delay });
    }
  }
}

/** The dead-letter queue: a hostname the provider never let go; an operator removes it by hand. */
export function recordDeadHostnames(batch: MessageBatch<HostnameRelease>): void {
  for (const message of batch.messages) {
    log("error", "custom_hostname_orphaned", {
      providerId: message.body.providerId,
      hostname: message.body.hostname,
    });
    message.ack();
  }
}
