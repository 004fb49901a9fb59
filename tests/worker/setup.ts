import { applyD1Migrations, env } from "cloudflare:test";

// Each test file gets isolated storage; bring its database to the current schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
