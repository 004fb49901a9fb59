-- Saved codes and what happens to them (spec section 3, "Stored records"). `data` is the code's
-- content and `customization` its style, both JSON. Network addresses are stored only as keyed
-- hashes. Dates are milliseconds since the epoch.
CREATE TABLE qr_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  customization TEXT NOT NULL,
  title TEXT,
  logo_url TEXT,
  download_count INTEGER NOT NULL DEFAULT 0,
  is_public INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE INDEX qr_codes_by_user ON qr_codes (user_id, created_at);

CREATE TABLE qr_downloads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  qr_code_id INTEGER NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
  user_id TEXT,
  format TEXT NOT NULL,
  ip_address TEXT,
  user_agent TEXT,
  downloaded_at INTEGER NOT NULL
);

CREATE INDEX qr_downloads_by_code ON qr_downloads (qr_code_id, downloaded_at);

CREATE TABLE qr_scans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  qr_code_id INTEGER NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
  ip_address TEXT,
  user_agent TEXT,
  location TEXT,
  scanned_at INTEGER NOT NULL
);

CREATE INDEX qr_scans_by_code ON qr_scans (qr_code_id, scanned_at);
