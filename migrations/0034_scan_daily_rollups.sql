-- Issue #30's read target: a code with 10 million scans answers in under 50 ms. A year of hourly
-- rows is 8,760 per dimension and value; the breakdowns (countries, cities, devices, OS,
-- browsers) read whole UTC days from these daily rows instead, and only the partial days at a
-- range's edges from the hourly ones. The series and the busiest hours still read hours (they
-- need the viewer's time zone), folded by local day or hour of the week in SQL.
--
-- Triggers keep each daily row the exact sum of its day's hourly rows, whatever writes them (the
-- scan consumer's upsert, retention's deletes, a code's deletion), so the consumer's two
-- statements a batch stay two and the two tables can never disagree.
CREATE TABLE scan_daily_rollups (
  qr_code_id INTEGER NOT NULL REFERENCES qr_codes(id) ON DELETE CASCADE,
  dimension TEXT NOT NULL,
  day INTEGER NOT NULL,
  value TEXT NOT NULL,
  scans INTEGER NOT NULL DEFAULT 0,
  uniques INTEGER NOT NULL DEFAULT 0,
  bots INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (qr_code_id, dimension, day, value)
) WITHOUT ROWID;

INSERT INTO scan_daily_rollups (qr_code_id, dimension, day, value, scans, uniques, bots)
SELECT qr_code_id, dimension, hour - hour % 86400000, value, sum(scans), sum(uniques), sum(bots)
FROM scan_rollups
GROUP BY qr_code_id, dimension, hour - hour % 86400000, value;

CREATE TRIGGER scan_rollups_daily_inserted AFTER INSERT ON scan_rollups BEGIN
  INSERT INTO scan_daily_rollups (qr_code_id, dimension, day, value, scans, uniques, bots)
  VALUES (NEW.qr_code_id, NEW.dimension, NEW.hour - NEW.hour % 86400000, NEW.value, NEW.scans,
    NEW.uniques, NEW.bots)
  ON CONFLICT (qr_code_id, dimension, day, value) DO UPDATE SET
    scans = scans + excluded.scans,
    uniques = uniques + excluded.uniques,
    bots = bots + excluded.bots;
END;

CREATE TRIGGER scan_rollups_daily_updated AFTER UPDATE ON scan_rollups BEGIN
  UPDATE scan_daily_rollups SET
    scans = scans - OLD.scans + NEW.scans,
    uniques = uniques - OLD.uniques + NEW.uniques,
    bots = bots - OLD.bots + NEW.bots
  WHERE qr_code_id = NEW.qr_code_id AND dimension = NEW.dimension
    AND day = NEW.hour - NEW.hour % 86400000 AND value = NEW.value;
END;

CREATE TRIGGER scan_rollups_daily_deleted AFTER DELETE ON scan_rollups BEGIN
  UPDATE scan_daily_rollups SET
    scans = scans - OLD.scans,
    uniques = uniques - OLD.uniques,
    bots = bots - OLD.bots
  WHERE qr_code_id = OLD.qr_code_id AND dimension = OLD.dimension
    AND day = OLD.hour - OLD.hour % 86400000 AND value = OLD.value;
  DELETE FROM scan_daily_rollups
  WHERE qr_code_id = OLD.qr_code_id AND dimension = OLD.dimension
    AND day = OLD.hour - OLD.hour % 86400000 AND value = OLD.value
    AND scans = 0 AND uniques = 0 AND bots = 0;
END;
