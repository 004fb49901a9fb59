-- Outgoing webhooks (issue #19, Ultimate): a workspace's endpoints, each with the events it wants
-- and its Standard Webhooks signing secret, and the log of every delivery attempt (kept 30 days).
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  -- JSON array of event types
  events TEXT NOT NULL,
  -- whsec_ + base64; shown again on the Integrations tab, never logged
  secret TEXT NOT NULL,
  -- after a rotation the old secret signs too, until previous_secret_until
  previous_secret TEXT,
  previous_secret_until INTEGER,
  enabled INTEGER NOT NULL DEFAULT 1,
  -- why it was disabled (20 failures in a row, or 410 Gone)
  disabled_reason TEXT,
  disabled_at INTEGER,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  -- this service's origin when the endpoint was added: the link of the e-mails about it
  app_origin TEXT NOT NULL,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL
);
-- Every event asks this first (a scan is the hottest path): a workspace without endpoints costs
-- one index probe.
CREATE INDEX webhook_endpoints_by_workspace ON webhook_endpoints (workspace_id, enabled);

CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  -- the webhook-id header: the same on every attempt and on "Resend"
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  -- the JSON body as signed, so that "Resend" sends the same event again
  payload TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  -- delivered | retrying | failed (the dead-letter queue gave up) | disabled
  outcome TEXT NOT NULL,
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER,
  -- the first 2 KB of the answer's body
  response TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at);
CREATE INDEX webhook_deliveries_by_age ON webhook_deliveries (created_at);
