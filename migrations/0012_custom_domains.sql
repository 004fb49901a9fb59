-- Custom domains for tracked links (issue #18): a workspace's hostname, registered with the
-- custom-hostname provider (Cloudflare for SaaS, or the TEST MODE simulator locally), checked
-- until it is active. Tracked links may name the domain they are printed with.
CREATE TABLE custom_domains (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  -- lower case, internationalised names in punycode (xn--)
  hostname TEXT NOT NULL,
  -- the provider's id of the custom hostname
  provider_id TEXT,
  -- pending | active | failed
  status TEXT NOT NULL,
  -- the provider's own words: ownership (hostname) and certificate status
  hostname_status TEXT,
  certificate_status TEXT,
  -- what stops it, as a JSON array of sentences
  problems TEXT NOT NULL DEFAULT '[]',
  checks INTEGER NOT NULL DEFAULT 0,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  checked_at INTEGER,
  next_check_at INTEGER,
  activated_at INTEGER
);
CREATE UNIQUE INDEX custom_domains_by_hostname ON custom_domains (hostname);
CREATE INDEX custom_domains_by_workspace ON custom_domains (workspace_id, created_at);
CREATE INDEX custom_domains_due ON custom_domains (next_check_at) WHERE status = 'pending';

ALTER TABLE tracked_links ADD COLUMN domain_id TEXT REFERENCES custom_domains(id) ON DELETE SET NULL;
CREATE INDEX tracked_links_by_domain ON tracked_links (domain_id) WHERE domain_id IS NOT NULL;
