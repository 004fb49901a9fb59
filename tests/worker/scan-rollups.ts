import { env } from "cloudflare:workers";

// Scans seeded straight into the hourly rollups (issue #30), as the queue's consumer folds them:
// for tests of what the views and the API read.

export interface SeededScan {
  at: number;
  country?: string | null;
  city?: string | null;
  device?: string;
  /** A first scan of the day by its scanner (default: yes). */
  unique?: boolean;
}

const HOUR_MS = 60 * 60 * 1000;

const UPSERT = `INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans, uniques)
  VALUES (?, ?, ?, ?, 1, ?)
  ON CONFLICT (qr_code_id, dimension, hour, value) DO UPDATE SET
    scans = scans + 1, uniques = uniques + excluded.uniques`;

export async function seedScans(codeId: number, scans: SeededScan[]): Promise<void> {
  const statements = scans.flatMap((scan) => {
    const hour = Math.floor(scan.at / HOUR_MS) * HOUR_MS;
    const rows: [string, string, number][] = [["total", "", scan.unique === false ? 0 : 1]];
    if (scan.country) rows.push(["country", scan.country, 0]);
    if (scan.city) rows.push(["city", scan.city, 0]);
    rows.push(["device", scan.device ?? "mobile", 0]);
    return rows.map(([dimension, value, unique]) =>
      env.DB.prepare(UPSERT).bind(codeId, dimension, hour, value, unique),
    );
  });
  await env.DB.batch(statements);
}

/** The scans of a code the rollups hold. */
export async function rolledUpScans(codeId: number): Promise<number> {
  return (await env.DB.prepare(
    "SELECT coalesce(sum(scans), 0) AS n FROM scan_rollups WHERE qr_code_id = ? AND dimension = 'total'",
  )
    .bind(codeId)
    .first<number>("n"))!;
}
