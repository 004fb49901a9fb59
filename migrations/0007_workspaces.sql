-- Teams (issue #15). Workspaces own the work: saved codes (and through them logos, tracked links,
-- downloads and scans) belong to a workspace and record which member created them (user_id).
-- Every account has a personal workspace, whose id is 'ws_' followed by the account's id. A
-- workspace's plan and limits are its owner's.
CREATE TABLE workspaces (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  owner_id TEXT NOT NULL REFERENCES users (id),
  personal INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE INDEX workspaces_by_owner ON workspaces (owner_id);

-- Who belongs to a workspace, and as what: owner, admin, editor or viewer
-- (app/workspaces/roles.ts says what each may do).
CREATE TABLE workspace_members (
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);

CREATE INDEX workspace_members_by_user ON workspace_members (user_id);

-- Invitations by e-mail: only the SHA-256 of the link's token is stored; each is used once,
-- revocable, and expires after 7 days. A pending one holds a seat.
CREATE TABLE workspace_invitations (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  invited_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  accepted_at INTEGER,
  revoked_at INTEGER
);

CREATE UNIQUE INDEX workspace_invitations_by_token ON workspace_invitations (token_hash);
CREATE INDEX workspace_invitations_by_workspace ON workspace_invitations (workspace_id, created_at);

-- Who did what, when, in a workspace. The actor is kept by id and address without a foreign key,
-- so the record outlives a member who left.
CREATE TABLE audit_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  actor_id TEXT,
  actor_email TEXT,
  action TEXT NOT NULL,
  target TEXT,
  details TEXT,
  created_at INTEGER NOT NULL
);

CREATE INDEX audit_events_by_workspace ON audit_events (workspace_id, created_at);

ALTER TABLE qr_codes ADD COLUMN workspace_id TEXT REFERENCES workspaces (id) ON DELETE CASCADE;

CREATE INDEX qr_codes_by_workspace ON qr_codes (workspace_id, created_at);

-- Every existing account gets its personal workspace, as owner, and its codes move into it.
INSERT INTO workspaces (id, name, owner_id, personal, created_at)
SELECT 'ws_' || id, 'Personal', id, 1, created_at FROM users;

INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
SELECT 'ws_' || id, id, 'owner', created_at FROM users;

UPDATE qr_codes SET workspace_id = 'ws_' || user_id;
