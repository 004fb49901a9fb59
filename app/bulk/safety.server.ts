import type { Database } from "../db/client.server";
import { destinationSafety, newAccountRoom } from "../destinations/safety.server";
import type { CheckedBatch, RowProblem } from "./rows";

/**
 * A tracked batch's website rows pass the link-safety checks as a code made in the generator does
 * (issue #31): a row whose destination is unsafe is refused with its reason and row number, and an
 * account younger than a day makes no more tracked links than its first day allows (the rows
 * past that are refused, each with when the limit lifts). Other rows go on.
 */
export async function refuseUnsafeRows(
  db: Database,
  checked: CheckedBatch,
  track: boolean,
  creatorId: string,
): Promise<CheckedBatch> {
  if (!track) return checked;
  const url = (item: CheckedBatch["valid"][number]) =>
    item.content.type === "url" ? item.content.url : null;
  const urls = checked.valid.map(url).filter((value) => value !== null);
  if (urls.length === 0) return checked;
  const unsafe = await destinationSafety(db, urls);
  const room = await newAccountRoom(db, creatorId);
  let allowed = room ? room.remaining : Infinity;
  const valid: CheckedBatch["valid"] = [];
  const refused: RowProblem[] = [];
  for (const item of checked.valid) {
    const target = url(item);
    const verdict = target === null ? null : unsafe(target);
    if (verdict) {
      refused.push({ row: item.row, column: "url", message: verdict.message });
    } else if (target !== null && room && allowed < 1) {
      refused.push({ row: item.row, column: "url", message: room.message, phrase: room.phrase });
    } else {
      if (target !== null) allowed -= 1;
      valid.push(item);
    }
  }
  if (refused.length === 0) return checked;
  return { valid, invalid: [...checked.invalid, ...refused].sort((a, b) => a.row - b.row) };
}
