import type { Database } from "../db/client.server";
import { LOOP_MESSAGE } from "../destinations/destination";
import { loopGuard } from "../destinations/loop-guard.server";
import type { CheckedBatch } from "./rows";

/**
 * A tracked batch's website rows pass the loop guard as a code made in the generator does
 * (issue #27): a row leading back into this service is refused with the guard's message, in the
 * page's and the API's list of problems alike.
 */
export async function refuseLoopingRows(
  db: Database,
  checked: CheckedBatch,
  track: boolean,
): Promise<CheckedBatch> {
  if (!track) return checked;
  const url = (item: CheckedBatch["valid"][number]) =>
    item.content.type === "url" ? item.content.url : null;
  const urls = checked.valid.map(url).filter((value) => value !== null);
  if (urls.length === 0) return checked;
  const loops = await loopGuard(db, urls);
  const looping = checked.valid.filter((item) => {
    const target = url(item);
    return target !== null && loops(target);
  });
  if (looping.length === 0) return checked;
  return {
    valid: checked.valid.filter((item) => !looping.includes(item)),
    invalid: [
      ...checked.invalid,
      ...looping.map((item) => ({ row: item.row, column: "url", message: LOOP_MESSAGE })),
    ].sort((a, b) => a.row - b.row),
  };
}
