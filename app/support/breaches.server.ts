import type { Database } from "../db/client.server";
import { markBreaches } from "../models/support-tickets.server";
import { log } from "../observability/log.server";

// The 10-minute cron's support job (issue #19): a ticket whose promised first-response time has
// passed with no staff reply is recorded as breached, once, and each breach leaves a log line
// (the ticket and its plan, never the person's details) for whoever watches the service level.

export async function recordSupportBreaches(db: Database, now: Date) {
  const breached = await markBreaches(db, now);
  for (const ticket of breached) {
    log("warn", "support_response_breached", {
      ticketId: ticket.id,
      plan: ticket.plan,
      dueAt: ticket.dueAt?.toISOString() ?? null,
    });
  }
  return { breached: breached.length };
}
