import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { qrCodes, scanRollups } from "../db/schema";
import type { Dimension } from "../scans/dimensions";
import type { HourRow } from "./series";

// Reads of the hourly rollups (issue #30), for one code or a whole workspace, between two UTC
// instants. Each is one statement that walks the table's key (code, dimension, hour).

export type ScanScope = { codeId: number } | { workspaceId: string };

function within(scope: ScanScope, dimension: string, start: number, end: number) {
  return and(
    "codeId" in scope
      ? eq(scanRollups.qrCodeId, scope.codeId)
      : eq(qrCodes.workspaceId, scope.workspaceId),
    eq(scanRollups.dimension, dimension),
    gte(scanRollups.hour, start),
    lt(scanRollups.hour, end),
  );
}

function from(db: Database, scope: ScanScope) {
  return <T extends Parameters<typeof db.select>[0]>(fields: T) => {
    const query = db.select(fields).from(scanRollups);
    return "codeId" in scope
      ? query
      : query.innerJoin(qrCodes, eq(qrCodes.id, scanRollups.qrCodeId));
  };
}

/** Scans, unique scanners and bots per UTC hour. */
export function scanHoursQuery(db: Database, scope: ScanScope, start: number, end: number) {
  return from(
    db,
    scope,
  )({
    hour: scanRollups.hour,
    scans: sql<number>`sum(${scanRollups.scans})`,
    uniques: sql<number>`sum(${scanRollups.uniques})`,
    bots: sql<number>`sum(${scanRollups.bots})`,
  })
    .where(within(scope, "total", start, end))
    .groupBy(scanRollups.hour)
    .orderBy(scanRollups.hour);
}

/** The most scanned values of a dimension, most first. */
export function scanBreakdownQuery(
  db: Database,
  scope: ScanScope,
  dimension: Dimension,
  start: number,
  end: number,
  limit = 50,
) {
  return from(
    db,
    scope,
  )({
    value: scanRollups.value,
    scans: sql<number>`sum(${scanRollups.scans})`.as("scans"),
  })
    .where(within(scope, dimension, start, end))
    .groupBy(scanRollups.value)
    .orderBy(desc(sql`scans`), scanRollups.value)
    .limit(limit);
}

export type { HourRow };
