import { formatInZone } from "../../support/rules";
import type { TimeView } from "../../support/views";
import { useHydrated } from "../use-hydrated";

/**
 * A moment in the reader's own time zone. The server cannot know the zone, so the HTML says the
 * time in UTC, named ("26 Nov 2026, 14:05 UTC"); once JavaScript runs, the browser's zone.
 */
export function LocalTime({ time }: { time: TimeView }) {
  const hydrated = useHydrated();
  return <time dateTime={time.iso}>{hydrated ? formatInZone(new Date(time.iso)) : time.utc}</time>;
}
