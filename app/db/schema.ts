import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Mirrors migrations/*.sql; tests/worker/schema.test.ts proves the two agree.

export const visitorDownloads = sqliteTable(
  "visitor_downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    visitorId: text("visitor_id").notNull(),
    ipHash: text("ip_hash").notNull(),
    downloadedAt: integer("downloaded_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("visitor_downloads_by_visitor").on(table.visitorId, table.downloadedAt),
    index("visitor_downloads_by_ip").on(table.ipHash, table.downloadedAt),
  ],
);
