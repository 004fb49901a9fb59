-- Issue #31: an index of the sessions kept in KV, so that /account can list them (device, place,
-- sign-in method, last use) and end any one of them. A row is keyed by the SHA-256 of the
-- session's id, never the id itself: the id is what the cookie carries, the hash cannot be turned
-- back into one. KV keeps a new session's data under the same hash, so ending a session from
-- another browser deletes its KV key too. Rows live as long as their session (30 days); the
-- nightly job deletes the expired ones.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- When the person signed in (carried over when the session id is rotated).
  signed_in_at INTEGER NOT NULL,
  -- When this session id was issued.
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  device TEXT NOT NULL,
  country TEXT,
  city TEXT,
  method TEXT NOT NULL
);

CREATE INDEX sessions_by_user ON sessions (user_id, last_used_at);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- A workspace's session-length limit in seconds (Ultimate): a member whose sign-in is older must
-- sign in again before entering the workspace. NULL: no limit.
ALTER TABLE workspaces ADD COLUMN session_limit_seconds INTEGER;
