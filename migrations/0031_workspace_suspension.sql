-- Issue #31. Staff may suspend a workspace (abuse, unpaid fraud, a legal request): while
-- suspended_at is set its short links answer "This link is unavailable", its API keys, webhooks,
-- bulk jobs, downloads and share links stop, and its members can read but not change it. Nothing
-- is deleted: lifting the suspension clears these columns and everything works as before.
-- suspended_by is the staff member's id, without a foreign key, to outlive the account
-- (staff_audit keeps the whole history).
ALTER TABLE workspaces ADD COLUMN suspended_at INTEGER;
ALTER TABLE workspaces ADD COLUMN suspended_reason TEXT;
ALTER TABLE workspaces ADD COLUMN suspended_by TEXT;
