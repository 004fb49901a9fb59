import type { TimeView } from "../../support/views";
import { FormattedDate } from "../formatted-date";

/**
 * A moment in the reader's own time zone: the app's one format (components/formatted-date.tsx),
 * in UTC, named, until the zone is known.
 */
export function LocalTime({ time }: { time: TimeView }) {
  return <FormattedDate value={time.iso} time />;
}
