// What an upgrade charges at once, as Stripe prorates with proration_behavior "always_invoice":
// a credit for the unused rest of the period at the old price, and a charge for the same time at
// the new price, each rounded to a cent. The simulator charges this; Stripe's own figure comes
// from its preview invoice (StripeProvider.previewUpgrade).

export function prorationCents(
  fromCents: number,
  toCents: number,
  period: { start: Date; end: Date },
  at: Date,
): number {
  const total = period.end.getTime() - period.start.getTime();
  if (total <= 0) return 0;
  const left = Math.min(Math.max(period.end.getTime() - at.getTime(), 0), total);
  const charge = Math.round((toCents * left) / total);
  const credit = Math.round((fromCents * left) / total);
  return Math.max(charge - credit, 0);
}
