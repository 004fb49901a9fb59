-- Scans arrive through a queue (issue #20): each carries an event id, so a message delivered
-- twice is counted once. Rows recorded before this have none (NULLs do not collide).
ALTER TABLE qr_scans ADD COLUMN event_id TEXT;

CREATE UNIQUE INDEX qr_scans_by_event ON qr_scans (event_id);
