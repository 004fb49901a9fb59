/** Scans per download as a rounded percent; 0 when either is missing (spec "/dashboard"). */
export function engagementRate(scans: number, downloads: number): number {
  if (!scans || !downloads) return 0;
  return Math.round((scans / downloads) * 100);
}
