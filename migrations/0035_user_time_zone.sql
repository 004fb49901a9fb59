-- Issue #30: the viewer's time zone is kept in account settings. Dates across the app and the
-- Analytics view use it; NULL until the person chooses one (until then the zone the browser
-- reported, or UTC).
ALTER TABLE users ADD COLUMN time_zone TEXT;
