-- White label (issue #18, Ultimate): a workspace's brand, shown instead of this service's name on
-- every page a person scanning its codes can see. Logo and favicon live in R2 under
-- brands/{workspace_id}/. Tracked links remember their workspace, so that a deleted code's 410
-- page (its code row is gone) can still carry the brand it was printed under.
CREATE TABLE workspace_brands (
  workspace_id TEXT PRIMARY KEY NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- #rrggbb, at least 4.5:1 against white
  accent_color TEXT NOT NULL,
  -- https:// or mailto:
  support_url TEXT,
  -- R2 keys: brands/{workspace_id}/logo/{sha256} and brands/{workspace_id}/favicon/{sha256}
  logo_key TEXT,
  favicon_key TEXT,
  updated_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  updated_at INTEGER NOT NULL
);

ALTER TABLE tracked_links ADD COLUMN workspace_id TEXT REFERENCES workspaces(id) ON DELETE SET NULL;
UPDATE tracked_links
SET workspace_id = (SELECT q.workspace_id FROM qr_codes q WHERE q.id = tracked_links.qr_code_id);
