import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// Issue #27 item 1: migration 0019 revokes the keys whose maker no longer manages the
// workspace's keys, with an audit entry each, on a database seeded with the schema before it.

const MIGRATION = "0019_member_keys_and_invitation_limits.sql";
const db = env.MIGRATION_TEST_DB;

describe("migration 0019", () => {
  it("revokes keys of makers who left, were demoted or are gone; owners' and admins' keys stay", async () => {
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name < MIGRATION),
    );
    const t = Date.UTC(2026, 0, 1);
    const people = ["owner", "admin", "editor", "former"];
    const statements = people.map((id) =>
      db
        .prepare(
          "INSERT INTO users (id, email, first_name, provider, provider_id, subscription_plan, created_at, updated_at) VALUES (?, ?, 'Ada', 'email', ?, 'ultimate', ?, ?)",
        )
        .bind(id, `${id}@example.com`, id, t, t),
    );
    statements.push(
      db
        .prepare(
          "INSERT INTO workspaces (id, name, owner_id, personal, created_at) VALUES ('ws_team', 'Studio', 'owner', 0, ?)",
        )
        .bind(t),
    );
    for (const [user, role] of [
      ["owner", "owner"],
      ["admin", "admin"],
      ["editor", "editor"],
    ]) {
      statements.push(
        db
          .prepare(
            "INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES ('ws_team', ?, ?, ?)",
          )
          .bind(user, role, t),
      );
    }
    for (const maker of ["owner", "admin", "editor", "former", null]) {
      statements.push(
        db
          .prepare(
            "INSERT INTO api_keys (id, workspace_id, created_by, name, token_hash, last_four, scopes, created_at) VALUES (?, 'ws_team', ?, ?, ?, 'abcd', '[\"codes:read\"]', ?)",
          )
          .bind(
            `key_${maker ?? "orphan"}`,
            maker,
            `Key of ${maker ?? "nobody"}`,
            `hash_${maker}`,
            t,
          ),
      );
    }
    await db.batch(statements);

    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name === MIGRATION),
    );

    const { results: keys } = await db
      .prepare("SELECT id, revoked_at FROM api_keys ORDER BY id")
      .all<{ id: string; revoked_at: number | null }>();
    expect(Object.fromEntries(keys.map((k) => [k.id, k.revoked_at !== null]))).toEqual({
      key_admin: false,
      key_editor: true,
      key_former: true,
      key_orphan: true,
      key_owner: false,
    });
    const { results: audit } = await db
      .prepare("SELECT actor_id, action, target, details FROM audit_events ORDER BY target")
      .all<{ actor_id: string; action: string; target: string; details: string }>();
    expect(audit.map((entry) => [entry.target, entry.action, entry.actor_id])).toEqual([
      ["key_editor", "api_key.revoked", "owner"],
      ["key_former", "api_key.revoked", "owner"],
      ["key_orphan", "api_key.revoked", "owner"],
    ]);
    expect(JSON.parse(audit[2]!.details)).toEqual({
      name: "Key of nobody",
      email: "a former member",
      reason: "membership",
    });
  });
});
