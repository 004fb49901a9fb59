-- Shared codes' public links carry an unguessable id (issue #27): the share link was
-- /api/qr-codes/{id}/download with the code's sequential id, so anyone could walk the ids and
-- find shared codes (a Wi-Fi password among them). Now a numeric id answers only to members of
-- the code's workspace, and the public link is /api/qr-codes/{share_id}/download, with 128
-- random bits. Every code shared today gets its share id here; a code gets one when first shared.
ALTER TABLE qr_codes ADD COLUMN share_id TEXT;
UPDATE qr_codes SET share_id = lower(hex(randomblob(16))) WHERE is_public = 1;
CREATE UNIQUE INDEX qr_codes_by_share_id ON qr_codes (share_id);
