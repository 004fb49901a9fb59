-- PNG downloads by visitors who are not signed in: at most 3 a day per browser and a wider
-- cap per network address (stored only as a keyed hash, never the address itself).
CREATE TABLE visitor_downloads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  visitor_id TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  downloaded_at INTEGER NOT NULL
);

CREATE INDEX visitor_downloads_by_visitor ON visitor_downloads (visitor_id, downloaded_at);
CREATE INDEX visitor_downloads_by_ip ON visitor_downloads (ip_hash, downloaded_at);
