-- Issue #31, abused links. A tracked link staff disabled stops redirecting (scanners get a plain
-- "This link was disabled" page) until staff enable it again; the reason is shown to the
-- workspace. The staff member is kept by id without a foreign key, as in staff_audit.
ALTER TABLE tracked_links ADD COLUMN disabled_at INTEGER;
ALTER TABLE tracked_links ADD COLUMN disabled_reason TEXT;
ALTER TABLE tracked_links ADD COLUMN disabled_by TEXT;

-- Reports from the public preview page (/s/{slug}+). Never shown to the link's workspace. The
-- reporter's network is kept only as a keyed hash (for the rate limit), the address only if given.
CREATE TABLE link_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL REFERENCES tracked_links(slug) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  details TEXT NOT NULL,
  reporter_email TEXT,
  reporter_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER,
  resolution TEXT,
  resolved_by TEXT
);

CREATE INDEX link_reports_by_link ON link_reports (slug, created_at);
CREATE INDEX link_reports_by_reporter ON link_reports (reporter_hash, created_at);
CREATE INDEX link_reports_open ON link_reports (created_at) WHERE resolved_at IS NULL;
