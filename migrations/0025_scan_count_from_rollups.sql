-- Issue #29 keeps each code's scan count on qr_codes.scan_count (the list's "most scans" sort and
-- the totals read it without walking every scan), and issue #30 stopped writing qr_scans: scans
-- now arrive as hourly rollups. The count follows the rollups' "total" rows instead, by triggers,
-- so the consumer's two statements a batch stay two. Deleting rollups (plan retention) lowers it,
-- as deleting raw scans did.
DROP TRIGGER IF EXISTS qr_scans_counted;
DROP TRIGGER IF EXISTS qr_scans_uncounted;

CREATE TRIGGER scan_rollups_counted AFTER INSERT ON scan_rollups
WHEN NEW.dimension = 'total' BEGIN
  UPDATE qr_codes SET scan_count = scan_count + NEW.scans WHERE id = NEW.qr_code_id;
END;

CREATE TRIGGER scan_rollups_recounted AFTER UPDATE OF scans ON scan_rollups
WHEN NEW.dimension = 'total' BEGIN
  UPDATE qr_codes SET scan_count = scan_count + NEW.scans - OLD.scans WHERE id = NEW.qr_code_id;
END;

CREATE TRIGGER scan_rollups_uncounted AFTER DELETE ON scan_rollups
WHEN OLD.dimension = 'total' BEGIN
  UPDATE qr_codes SET scan_count = scan_count - OLD.scans WHERE id = OLD.qr_code_id;
END;

-- From here on the count is the rollups' (0024 folded every kept raw scan into them).
UPDATE qr_codes SET scan_count = (
  SELECT coalesce(sum(r.scans), 0) FROM scan_rollups r
  WHERE r.qr_code_id = qr_codes.id AND r.dimension = 'total'
);
