import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// Issue #15: the migration that introduces workspaces runs on databases full of accounts and
// codes. It is applied here to a database seeded with the schema before it, and every row is
// checked afterwards: nothing lost, everything in its owner's personal workspace.

const WORKSPACES_MIGRATION = "0007_workspaces.sql";
const before = env.TEST_MIGRATIONS.filter((m) => m.name < WORKSPACES_MIGRATION);
const db = env.MIGRATION_TEST_DB;

async function all<T>(query: string): Promise<T[]> {
  return (await db.prepare(query).all<T>()).results;
}

async function seedPreviousSchema() {
  await applyD1Migrations(db, before);
  const t = Date.UTC(2026, 0, 1);
  const statements = [];
  for (const [i, id] of ["u-free", "u-premium", "u-none"].entries()) {
    statements.push(
      db
        .prepare(
          "INSERT INTO users (id, email, first_name, provider, provider_id, subscription_plan, created_at, updated_at) VALUES (?, ?, 'Ada', 'email', ?, ?, ?, ?)",
        )
        .bind(id, `${id}@example.com`, id, i === 1 ? "premium" : "free", t + i, t + i),
      db
        .prepare(
          "INSERT INTO auth_identities (provider, provider_id, user_id, created_at) VALUES ('email', ?, ?, ?)",
        )
        .bind(id, id, t),
    );
  }
  for (let n = 1; n <= 5; n += 1) {
    const owner = n <= 3 ? "u-premium" : "u-free";
    statements.push(
      db
        .prepare(
          `INSERT INTO qr_codes (id, user_id, type, data, customization, title, download_count, is_public, created_at, updated_at)
           VALUES (?, ?, 'url', '{"url":"https://example.com/${n}"}', '{"size":256,"fgColor":"#000000","bgColor":"#ffffff"}', ?, ?, ?, ?, ?)`,
        )
        .bind(n, owner, `Code ${n}`, n * 10, n % 2, t + n, t + n),
      db
        .prepare(
          "INSERT INTO qr_downloads (qr_code_id, user_id, format, downloaded_at) VALUES (?, ?, 'png', ?)",
        )
        .bind(n, owner, t + n),
      db
        .prepare("INSERT INTO qr_scans (qr_code_id, location, scanned_at) VALUES (?, ?, ?)")
        .bind(n, '{"country":"NL"}', t + n),
    );
  }
  statements.push(
    db
      .prepare(
        "INSERT INTO tracked_links (slug, qr_code_id, target_url, created_at) VALUES ('abc123def', 1, 'https://example.com/1', ?)",
      )
      .bind(t),
  );
  await db.batch(statements);
}

describe("the workspaces migration", () => {
  it("gives every existing account its personal workspace and moves each code into it, losing nothing", async () => {
    await seedPreviousSchema();
    const snapshot = async () => ({
      users: await all("SELECT * FROM users ORDER BY id"),
      identities: await all("SELECT * FROM auth_identities ORDER BY provider_id"),
      downloads: await all("SELECT * FROM qr_downloads ORDER BY id"),
      scans: await all("SELECT * FROM qr_scans ORDER BY id"),
      links: await all("SELECT * FROM tracked_links ORDER BY slug"),
    });
    const earlier = await snapshot();
    const codesBefore = await all<Record<string, unknown>>("SELECT * FROM qr_codes ORDER BY id");

    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    // Every other table is exactly as it was, but for the columns later migrations add (scans'
    // event ids, issue #20, none for the scans recorded before; tracked links' custom domain,
    // issue #18, none for links made before, and their workspace, filled in from their code's;
    // nor a scheduled change of destination, issue #21, nor a takedown by staff, issue #31; nor a
    // chosen time zone, issue #30).
    expect(await snapshot()).toEqual({
      ...earlier,
      users: earlier.users.map((user) => ({
        ...(user as object),
        time_zone: null,
        language: null,
      })),
      scans: earlier.scans.map((scan) => ({ ...(scan as object), event_id: null })),
      links: earlier.links.map((link) => ({
        ...(link as object),
        domain_id: null,
        workspace_id: "ws_u-premium",
        scheduled_url: null,
        scheduled_at: null,
        scheduled_zone: null,
        scheduled_by: null,
        disabled_at: null,
        disabled_reason: null,
        disabled_by: null,
      })),
    });
    // Every code kept every column, and gained its owner's personal workspace (and no bulk
    // batch: issue #17's columns are empty for codes saved one at a time); shared codes gained an
    // unguessable share id (issue #27), private ones none.
    const codesAfter = await all<Record<string, unknown>>("SELECT * FROM qr_codes ORDER BY id");
    expect(codesAfter).toEqual(
      codesBefore.map((code) => ({
        ...code,
        workspace_id: `ws_${String(code.user_id)}`,
        bulk_job_id: null,
        bulk_row: null,
        share_id: code.is_public ? expect.stringMatching(/^[0-9a-f]{32}$/) : null,
        // Each code's one scan, counted on the code (migrations 0021, 0024 and 0025).
        scan_count: 1,
      })),
    );
    expect(await all("SELECT id, name, owner_id, personal FROM workspaces ORDER BY id")).toEqual([
      { id: "ws_u-free", name: "Personal", owner_id: "u-free", personal: 1 },
      { id: "ws_u-none", name: "Personal", owner_id: "u-none", personal: 1 },
      { id: "ws_u-premium", name: "Personal", owner_id: "u-premium", personal: 1 },
    ]);
    expect(
      await all("SELECT workspace_id, user_id, role FROM workspace_members ORDER BY user_id"),
    ).toEqual([
      { workspace_id: "ws_u-free", user_id: "u-free", role: "owner" },
      { workspace_id: "ws_u-none", user_id: "u-none", role: "owner" },
      { workspace_id: "ws_u-premium", user_id: "u-premium", role: "owner" },
    ]);
    // The workspace's own created_at is the account's.
    expect(
      await all(
        "SELECT count(*) AS n FROM workspaces w JOIN users u ON u.id = w.owner_id WHERE w.created_at = u.created_at",
      ),
    ).toEqual([{ n: 3 }]);
  });
});
