import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { formatDate, formatDateTime, TIME_ZONE_COOKIE, validTimeZone } from "../dates/format";
import { useLocale } from "../i18n/i18n";
import type { loader as rootLoader } from "../root";
import { useHydrated } from "./use-hydrated";

export function browserTimeZone(): string | null {
  return validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/**
 * The reader's time zone: the one kept in their account settings; else the browser's once
 * JavaScript runs, and before that (and without JavaScript) the one the browser reported earlier
 * in a cookie; UTC for a first visit.
 */
export function useTimeZone(): string {
  const hydrated = useHydrated();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const known = root?.timeZone ?? null;
  if (root?.timeZoneSaved && known) return known;
  return (hydrated ? browserTimeZone() : null) ?? known ?? "UTC";
}

/**
 * Tells the server a signed-in person's time zone, so that its next pages (and pages without
 * JavaScript) are written in it. Only when signed in: they carry a session cookie anyway, whereas
 * a cookie on a visitor would keep the edge from serving them the shared cached pages.
 */
export function useReportTimeZone() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const signedIn = Boolean(root?.user);
  const known = root?.timeZone ?? null;
  useEffect(() => {
    const zone = browserTimeZone();
    if (!signedIn || !zone || zone === known) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, [signedIn, known]);
}

/** A date (or, with `time`, a moment) in the app's one format and the reader's zone. */
export function FormattedDate({ value, time = false }: { value: Date | string; time?: boolean }) {
  const zone = useTimeZone();
  const { code } = useLocale();
  const iso = new Date(value).toISOString();
  return (
    <time dateTime={iso}>
      {time ? formatDateTime(value, zone, code) : formatDate(value, zone, code)}
    </time>
  );
}
