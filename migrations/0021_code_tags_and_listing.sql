-- Issue #29 item 7: the dashboard as a code manager.

-- Tags on codes: a few short names per code, for the tag filter and the bulk "tag" action. The
-- workspace is kept beside the code so that the tag filter's choices come from one index.
CREATE TABLE code_tags (
  code_id INTEGER NOT NULL REFERENCES qr_codes(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (code_id, tag)
);
CREATE INDEX code_tags_by_workspace ON code_tags (workspace_id, tag);

-- Sorting by scans with keyset pagination needs the count on the row, in an index. A trigger
-- keeps it: every path that records or removes a scan (the queue consumer, deletions) changes it.
ALTER TABLE qr_codes ADD COLUMN scan_count INTEGER NOT NULL DEFAULT 0;
UPDATE qr_codes SET scan_count = (SELECT count(*) FROM qr_scans s WHERE s.qr_code_id = qr_codes.id);
CREATE TRIGGER qr_scans_counted AFTER INSERT ON qr_scans BEGIN
  UPDATE qr_codes SET scan_count = scan_count + 1 WHERE id = NEW.qr_code_id;
END;
CREATE TRIGGER qr_scans_uncounted AFTER DELETE ON qr_scans BEGIN
  UPDATE qr_codes SET scan_count = scan_count - 1 WHERE id = OLD.qr_code_id;
END;

-- Keyset pages: each sort's key in an index after the workspace (the row id, SQLite's rowid, is
-- the last column of every index, so equal keys are ordered by id too). Codes from before titles
-- were required get the empty title that the dashboard shows as "URL QR Code", so that the name
-- sort compares no NULLs.
UPDATE qr_codes SET title = '' WHERE title IS NULL;
-- The download count rides along so that the dashboard's totals read the index alone.
CREATE INDEX qr_codes_by_workspace_scans ON qr_codes (workspace_id, scan_count, download_count);
CREATE INDEX qr_codes_by_workspace_title ON qr_codes (workspace_id, title COLLATE NOCASE);
