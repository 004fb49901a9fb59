-- Scan tracking (ARCHITECTURE.md decision 4): a tracked code encodes {origin}/s/{slug}. The link
-- outlives its code: when the code is deleted the row stays with qr_code_id NULL, so a printed
-- code answers "deleted" (410) instead of "never existed" (404).
CREATE TABLE tracked_links (
  slug TEXT PRIMARY KEY,
  qr_code_id INTEGER REFERENCES qr_codes (id) ON DELETE SET NULL,
  target_url TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE UNIQUE INDEX tracked_links_by_code ON tracked_links (qr_code_id);
