-- Analytics read from rollups (issue #30). The scan queue's consumer folds each batch into
-- hourly rows per code and dimension; the views and the API read only these.

-- One row per code, UTC hour (ms since the epoch), dimension and value. The dimension 'total'
-- (value '') carries the hour's scans, its unique scanners (counted in the hour of their first
-- scan that UTC day) and the bots and link previewers, which are never counted as scans. The
-- other dimensions (country, region, city, timezone, device, os, browser) carry scans only.
CREATE TABLE scan_rollups (
  qr_code_id INTEGER NOT NULL REFERENCES qr_codes(id) ON DELETE CASCADE,
  dimension TEXT NOT NULL,
  hour INTEGER NOT NULL,
  value TEXT NOT NULL,
  scans INTEGER NOT NULL DEFAULT 0,
  uniques INTEGER NOT NULL DEFAULT 0,
  bots INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (qr_code_id, dimension, hour, value)
) WITHOUT ROWID;

-- The events the consumer has folded, kept two days: a redelivered event is recognised by its
-- id and folded once, and a scanner's first scan of a code in a UTC day by its daily hash.
-- No address: `visitor` is an HMAC of address and user agent under the day's salt (NULL, bots).
CREATE TABLE scan_inbox (
  id INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL,
  qr_code_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  visitor TEXT,
  batch TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX scan_inbox_by_event ON scan_inbox (event_id);
CREATE INDEX scan_inbox_by_visitor ON scan_inbox (qr_code_id, day, visitor);
CREATE INDEX scan_inbox_by_received ON scan_inbox (received_at);

-- The daily salt of the visitor hash: random, one per UTC day, deleted after two days, so a
-- hash cannot be tied to an address or to the same scanner on another day.
CREATE TABLE scan_salts (
  day INTEGER PRIMARY KEY,
  salt TEXT NOT NULL
);

-- Today's raw scans folded in. Uniques: the first scan of each (address hash, user agent) per
-- code and UTC day; bots by the device class the redirect recorded.
INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans, uniques, bots)
SELECT qr_code_id, 'total', hour, '', sum(NOT bot), sum(first), sum(bot)
FROM (
  SELECT qr_code_id, (scanned_at / 3600000) * 3600000 AS hour,
    coalesce(json_extract(location, '$.device') = 'bot', 0) AS bot,
    (coalesce(json_extract(location, '$.device') = 'bot', 0) = 0 AND ROW_NUMBER() OVER (
      PARTITION BY qr_code_id, scanned_at / 86400000, coalesce(json_extract(location, '$.device') = 'bot', 0),
        coalesce(ip_address, id), coalesce(user_agent, '')
      ORDER BY scanned_at, id) = 1) AS first
  FROM qr_scans
)
GROUP BY qr_code_id, hour;

INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans)
SELECT qr_code_id, dimension, hour, value, count(*)
FROM (
  SELECT qr_code_id, 'country' AS dimension, (scanned_at / 3600000) * 3600000 AS hour,
    json_extract(location, '$.country') AS value, json_extract(location, '$.device') AS device
  FROM qr_scans
  UNION ALL
  SELECT qr_code_id, 'city', (scanned_at / 3600000) * 3600000, json_extract(location, '$.city'),
    json_extract(location, '$.device')
  FROM qr_scans
  UNION ALL
  SELECT qr_code_id, 'device', (scanned_at / 3600000) * 3600000, json_extract(location, '$.device'),
    json_extract(location, '$.device')
  FROM qr_scans
)
WHERE value IS NOT NULL AND value <> '' AND coalesce(device, '') <> 'bot'
GROUP BY qr_code_id, dimension, hour, value;
