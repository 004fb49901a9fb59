/** A coarse device class from a User-Agent: enough for "scans by device", nothing more. */
export function deviceClass(
  userAgent: string | null,
): "mobile" | "tablet" | "desktop" | "bot" | "unknown" {
  if (!userAgent) return "unknown";
  if (/bot|crawler|spider|preview|curl|wget/i.test(userAgent)) return "bot";
  if (/ipad|tablet|(android(?!.*mobile))/i.test(userAgent)) return "tablet";
  if (/mobi|iphone|ipod|android/i.test(userAgent)) return "mobile";
  return "desktop";
}
