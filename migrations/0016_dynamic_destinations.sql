-- Dynamic codes (issue #21): a tracked code's destination (tracked_links.target_url, mirrored in
-- its code's data.url) can be changed without changing the printed image, which encodes the short
-- link. Every change is kept, newest first on the code's page, with Restore.
CREATE TABLE destination_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  qr_code_id INTEGER NOT NULL REFERENCES qr_codes(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  old_url TEXT NOT NULL,
  new_url TEXT NOT NULL,
  -- edit | restore | scheduled | api, or cancelled: a scheduled change the plan no longer allowed
  -- (new_url is then where it would have led; nothing changed)
  kind TEXT NOT NULL,
  changed_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  changed_at INTEGER NOT NULL
);
CREATE INDEX destination_changes_by_code ON destination_changes (qr_code_id, changed_at);

-- One pending scheduled change per link: from scheduled_at (UTC ms) on, lead to scheduled_url.
-- scheduled_zone is the IANA time zone the editor chose, to show the time as they wrote it.
ALTER TABLE tracked_links ADD COLUMN scheduled_url TEXT;
ALTER TABLE tracked_links ADD COLUMN scheduled_at INTEGER;
ALTER TABLE tracked_links ADD COLUMN scheduled_zone TEXT;
ALTER TABLE tracked_links ADD COLUMN scheduled_by TEXT REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX tracked_links_scheduled ON tracked_links (scheduled_at) WHERE scheduled_at IS NOT NULL;
