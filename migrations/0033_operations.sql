-- Issue #31, Operations: the bookkeeping behind /staff/health, written where things happen and
-- kept 7 days (the nightly cron deletes older rows). Nothing here names a person: mail failures
-- keep the subject line and the error, never the address.

-- A queue consumer's failures: messages retried (one row per failing batch and error) and
-- messages that reached the dead-letter queue. The success path writes nothing.
CREATE TABLE queue_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  queue TEXT NOT NULL,
  kind TEXT NOT NULL,
  messages INTEGER NOT NULL,
  error TEXT,
  created_at INTEGER NOT NULL
);

CREATE INDEX queue_failures_by_time ON queue_failures (created_at);

-- One row per run of a cron trigger (wrangler.toml [triggers]).
CREATE TABLE cron_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  cron TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  error TEXT
);

CREATE INDEX cron_runs_by_name ON cron_runs (name, started_at);
CREATE INDEX cron_runs_by_time ON cron_runs (started_at);

-- Mail that did not go out: the mailer port gave up, the provider refused it for good, or it
-- reached the mail dead-letter queue.
CREATE TABLE mail_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  stage TEXT NOT NULL,
  subject TEXT NOT NULL,
  error TEXT,
  created_at INTEGER NOT NULL
);

CREATE INDEX mail_failures_by_time ON mail_failures (created_at);

-- Requests and 5xx answers per hour, added to by each isolate at most once a minute.
CREATE TABLE request_stats (
  hour INTEGER PRIMARY KEY,
  requests INTEGER NOT NULL,
  errors INTEGER NOT NULL
);
