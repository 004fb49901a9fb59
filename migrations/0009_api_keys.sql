-- The public API (issue #16). Keys belong to a workspace and record the member who made them.
-- Only the SHA-256 of a key is stored; the key itself is shown once. `scopes` is a JSON array
-- of codes:read, codes:write and analytics:read. A revoked key stays listed as revoked.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  last_four TEXT NOT NULL,
  scopes TEXT NOT NULL,
  expires_at INTEGER,
  last_used_at INTEGER,
  revoked_at INTEGER,
  created_at INTEGER NOT NULL
);

CREATE UNIQUE INDEX api_keys_by_token ON api_keys (token_hash);
CREATE INDEX api_keys_by_workspace ON api_keys (workspace_id, created_at);

-- Idempotency-Key on POST: the first answer to a key's (Idempotency-Key, body) is kept 24 hours
-- and given again; the same Idempotency-Key with another body is refused. `status` is NULL
-- while the first request is still running.
CREATE TABLE api_idempotency (
  api_key_id TEXT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER,
  content_type TEXT,
  body BLOB,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (api_key_id, idempotency_key)
);

CREATE INDEX api_idempotency_by_age ON api_idempotency (created_at);
