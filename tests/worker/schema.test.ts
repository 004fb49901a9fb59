import { env } from "cloudflare:workers";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";

// The migrations are what production runs; the drizzle schema is what the code believes. This
// reads the tables the migrations built and compares them with the drizzle definitions.

const tables: SQLiteTable[] = Object.values(schema).filter((value) => is(value, SQLiteTable));

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

async function columnsOf(table: string) {
  const { results } = await env.DB.prepare(`PRAGMA table_info(${table})`).all<ColumnInfo>();
  return results;
}

async function indexesOf(table: string) {
  const { results } = await env.DB.prepare(`PRAGMA index_list(${table})`).all<{
    name: string;
    unique: number;
    origin: string;
  }>();
  const indexes: Record<string, { unique: boolean; columns: string[] }> = {};
  for (const index of results.filter((i) => i.origin === "c")) {
    const { results: columns } = await env.DB.prepare(`PRAGMA index_info(${index.name})`).all<{
      name: string;
    }>();
    indexes[index.name] = { unique: index.unique === 1, columns: columns.map((c) => c.name) };
  }
  return indexes;
}

function sqlDefault(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  // JSON columns' defaults (custom_domains.problems: `[]`).
  if (typeof value === "object" && value !== null) return `'${JSON.stringify(value)}'`;
  return `'${String(value)}'`;
}

describe("the drizzle schema and the migrations", () => {
  it("define the same tables", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    ).all<{ name: string }>();
    expect(results.map((r) => r.name).sort()).toEqual(
      tables.map((t) => getTableConfig(t).name).sort(),
    );
  });

  for (const table of tables) {
    const config = getTableConfig(table);
    it(`agree on every column, key and index of ${config.name}`, async () => {
      const actual = await columnsOf(config.name);
      const compositeKey = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
      const expected = config.columns.map((column) => ({
        name: column.name,
        type: column.getSQLType().toUpperCase(),
        notnull: column.notNull && !column.primary ? 1 : 0,
        dflt_value: sqlDefault(column.default),
        pk: column.primary ? 1 : compositeKey.indexOf(column.name) + 1,
      }));
      const comparable = actual.map(({ name, type, notnull, dflt_value, pk }) => ({
        name,
        type,
        // SQLite reports NOT NULL on a composite key's columns as written; drizzle marks them
        // notNull too, so compare them as written.
        notnull: pk > 0 && compositeKey.length === 0 ? 0 : notnull,
        dflt_value,
        pk,
      }));
      expect(comparable).toEqual(expected);

      const indexes = await indexesOf(config.name);
      expect(indexes).toEqual(
        Object.fromEntries(
          config.indexes.map((index) => [
            index.config.name,
            {
              unique: Boolean(index.config.unique),
              columns: index.config.columns.map((c) => (c as { name: string }).name),
            },
          ]),
        ),
      );
    });
  }
});
