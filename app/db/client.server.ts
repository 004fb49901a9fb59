import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof createDatabase>;

// Queries are built with drizzle's query builder on the tables of ./schema. Its relational API
// (`db.query.*`) is not used, so the schema is not handed over: drizzle would derive its relation
// map again for every database object, that is several times per request.
export function createDatabase(d1: D1Database = env.DB) {
  return drizzle(d1);
}
