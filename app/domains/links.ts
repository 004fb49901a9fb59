// Where a tracked code's short link lives (issue #18): on the workspace's custom domain when it
// was saved with one (`https://qr.example.com/{slug}`), else on this service (`{origin}/s/{slug}`).

export interface TrackedSlug {
  slug: string;
  /** The custom domain's hostname (punycode), or null for this service's own. */
  hostname: string | null;
}

export function shortLinkUrl(origin: string, link: TrackedSlug): string {
  return link.hostname ? `https://${link.hostname}/${link.slug}` : `${origin}/s/${link.slug}`;
}
