-- Deleting an account (issue #14) keeps the download records of other people's public codes that
-- the account made, since they belong to those codes' owners, but forgets who made them
-- (user_id becomes NULL). This index lets that one statement find them without reading every
-- download ever recorded.
CREATE INDEX qr_downloads_by_user ON qr_downloads (user_id);
