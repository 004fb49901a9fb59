-- Bulk generation (issue #17): a batch checked on upload is a job; its rows wait in R2 until the
-- person goes on, then are made in chunks (BULK_QUEUE) and the ZIP is kept in R2 for 7 days.
CREATE TABLE bulk_jobs (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  -- checked | queued | running | done | failed
  status TEXT NOT NULL,
  file_name TEXT NOT NULL,
  -- rows to make (the valid ones) and rows checked in all
  total_rows INTEGER NOT NULL,
  checked_rows INTEGER NOT NULL,
  done_rows INTEGER NOT NULL DEFAULT 0,
  chunks INTEGER NOT NULL DEFAULT 0,
  options TEXT NOT NULL,
  zip_bytes INTEGER,
  error TEXT,
  via TEXT NOT NULL DEFAULT 'web',
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER,
  expires_at INTEGER NOT NULL
);
CREATE INDEX bulk_jobs_by_workspace ON bulk_jobs (workspace_id, created_at);
CREATE INDEX bulk_jobs_by_expiry ON bulk_jobs (expires_at);

-- The chunks already made: a chunk delivered twice is counted once.
CREATE TABLE bulk_job_chunks (
  job_id TEXT NOT NULL REFERENCES bulk_jobs(id) ON DELETE CASCADE,
  chunk INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  PRIMARY KEY (job_id, chunk)
);

-- Codes a batch saved, by job and row: a chunk made again finds its codes instead of saving twice.
ALTER TABLE qr_codes ADD COLUMN bulk_job_id TEXT;
ALTER TABLE qr_codes ADD COLUMN bulk_row INTEGER;
CREATE UNIQUE INDEX qr_codes_by_bulk_row ON qr_codes (bulk_job_id, bulk_row);
