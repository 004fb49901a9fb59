/** The icon and toast emoji by points (spec sections 4 and 9: 75, 50, 30 and 20 points). */
export function iconForPoints(points: number): string {
  if (points >= 75) return "🏆";
  if (points >= 50) return "💎";
  if (points >= 30) return "🥇";
  if (points >= 20) return "🥈";
  return "⭐";
}
