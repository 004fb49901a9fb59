-- Issue #31. Every action a staff member takes in the console (/staff): disabling a link,
-- suspending or restoring a workspace, blocklist changes. Its own log, apart from workspaces'
-- audit_events, so that a workspace's members never see it and deleting a workspace keeps it.
-- The staff member is kept by id and address without a foreign key, to outlive the account.
CREATE TABLE staff_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  staff_id TEXT NOT NULL,
  staff_email TEXT NOT NULL,
  action TEXT NOT NULL,
  subject_type TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  details TEXT,
  created_at INTEGER NOT NULL
);

CREATE INDEX staff_audit_by_time ON staff_audit (created_at);
CREATE INDEX staff_audit_by_subject ON staff_audit (subject_type, subject_id, created_at);
