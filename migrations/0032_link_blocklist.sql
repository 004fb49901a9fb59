-- Domains staff block for tracked links (issue #31), beside the maintained list file
-- app/destinations/blocklist.txt. One row a domain, in lower-case punycode without a final dot;
-- a domain also blocks every name under it. Who added it is kept by id and address without a
-- foreign key, as in staff_audit, so the entry outlives the account.
CREATE TABLE link_blocklist (
  domain TEXT PRIMARY KEY NOT NULL,
  reason TEXT NOT NULL,
  added_by TEXT NOT NULL,
  added_by_email TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
