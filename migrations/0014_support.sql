-- Priority support (issue #19): a request to support and its messages. A ticket belongs to the
-- person who wrote it and records the workspace it was written from, the plan in force then and
-- the first-response time that plan promised (null: community support, no promised time).
CREATE TABLE support_tickets (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id TEXT REFERENCES workspaces(id) ON DELETE SET NULL,
  qr_code_id INTEGER REFERENCES qr_codes(id) ON DELETE SET NULL,
  plan TEXT NOT NULL,
  subject TEXT NOT NULL,
  category TEXT NOT NULL,
  -- open (waiting for staff), answered (staff replied last), closed
  status TEXT NOT NULL DEFAULT 'open',
  response_hours INTEGER,
  due_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  first_response_at INTEGER,
  -- set once, by the 10-minute cron, when due_at passed without a staff reply
  breached_at INTEGER,
  closed_at INTEGER
);
CREATE INDEX support_tickets_by_user ON support_tickets (user_id, created_at);
CREATE INDEX support_tickets_by_status ON support_tickets (status, due_at);
CREATE INDEX support_tickets_unanswered ON support_tickets (due_at)
  WHERE first_response_at IS NULL AND breached_at IS NULL;

CREATE TABLE support_messages (
  id TEXT PRIMARY KEY NOT NULL,
  ticket_id TEXT NOT NULL REFERENCES support_tickets(id) ON DELETE CASCADE,
  author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  from_staff INTEGER NOT NULL DEFAULT 0,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX support_messages_by_ticket ON support_messages (ticket_id, created_at);
