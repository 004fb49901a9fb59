import type { Translate } from "../i18n/i18n";
import { PLAN_IDS, PLANS, type PlanId } from "../plans/catalogue";

// Seats (issue #15): the owner, every other member and every pending invitation take one. The
// workspace's plan (its owner's) has so many; a plan with fewer than the members removes nobody,
// it only stops new invitations until the team fits. A plan's seats are shared by every
// workspace its owner owns, and count people, not memberships: someone in two of them (or
// invited to both) takes one seat (issue #27). Pure; the insert that takes a seat checks the
// count again atomically (app/models/invitations.server.ts).

/** Distinct people across every workspace of the plan's owner. */
export interface SeatCount {
  members: number;
  /** Addresses with an invitation neither accepted, revoked nor expired, who are not members. */
  pending: number;
}

export function seatLimit(plan: PlanId): number {
  return PLANS[plan].capabilities.teamMembers;
}

/** "3 of 5 seats used". */
export function seatSummary(plan: PlanId, seats: SeatCount): string {
  const limit = seatLimit(plan);
  return `${seats.members + seats.pending} of ${limit} ${limit === 1 ? "seat" : "seats"} used`;
}

/** The next plan with more seats, if there is one. */
export function planWithMoreSeats(plan: PlanId): PlanId | null {
  return PLAN_IDS.find((id) => seatLimit(id) > seatLimit(plan)) ?? null;
}

/** Why an invitation does not fit: too many members, a one-seat plan, or every seat taken. */
export type InviteRefusal = "over" | "single" | "full";

export type InviteVerdict =
  | { ok: true }
  | {
      ok: false;
      message: string;
      upgradeTo: PlanId | null;
      /** The reason and numbers, for pages that write the message in their own language. */
      reason: InviteRefusal;
      limit: number;
      members: number;
    };

/**
 * Whether one more invitation fits, and if not, why, in words for whoever is inviting
 * (`byOwner`: the plan is "your" plan).
 */
export function inviteVerdict(plan: PlanId, seats: SeatCount, byOwner: boolean): InviteVerdict {
  const limit = seatLimit(plan);
  const name = PLANS[plan].name;
  const upgradeTo = planWithMoreSeats(plan);
  const upgrade = upgradeTo
    ? `Upgrade to ${PLANS[upgradeTo].name} for up to ${seatLimit(upgradeTo)}`
    : null;
  if (seats.members > limit) {
    return {
      ok: false,
      upgradeTo,
      reason: "over",
      limit,
      members: seats.members,
      message:
        `This team has ${seats.members} members, more than the ${limit} ${limit === 1 ? "seat" : "seats"} of the ${name} plan. ` +
        "Nobody has been removed, but new invitations wait until the team fits: " +
        (upgrade
          ? `${upgrade.charAt(0).toLowerCase()}${upgrade.slice(1)}, or remove members first.`
          : "remove members first."),
    };
  }
  if (limit <= 1) {
    return {
      ok: false,
      upgradeTo,
      reason: "single",
      limit,
      members: seats.members,
      message: `Team members need Premium or Ultimate. The ${name} plan has one seat: the owner's.`,
    };
  }
  if (seats.members + seats.pending >= limit) {
    return {
      ok: false,
      upgradeTo,
      reason: "full",
      limit,
      members: seats.members,
      message:
        `${byOwner ? "Your" : "This workspace's"} ${name} plan includes ${limit} seats, and all ${limit} are used (members and pending invitations of ${byOwner ? "all your" : "all its owner's"} workspaces, each person once). ` +
        (upgrade
          ? `${upgrade}, or remove someone first.`
          : "Remove someone or revoke an invitation first."),
    };
  }
  return { ok: true };
}

/** Why an invitation does not fit, in the Team tab's language (`message` is the English one). */
export function inviteRefusalText(
  t: Translate,
  verdict: Extract<InviteVerdict, { ok: false }>,
  plan: string,
  byOwner: boolean,
): string {
  const upgrade = verdict.upgradeTo
    ? { upgradePlan: PLANS[verdict.upgradeTo].name, upgradeSeats: seatLimit(verdict.upgradeTo) }
    : null;
  const values = { plan, limit: verdict.limit, members: verdict.members, ...upgrade };
  if (verdict.reason === "single") return t("team.invite.refusal.single", values);
  if (verdict.reason === "over") {
    return t(upgrade ? "team.invite.refusal.over.upgrade" : "team.invite.refusal.over", values);
  }
  const who = byOwner ? "owner" : "other";
  return t(
    upgrade ? `team.invite.refusal.full.${who}.upgrade` : `team.invite.refusal.full.${who}`,
    values,
  );
}
