-- Brand styles (issue #28, Premium and Ultimate): a workspace's saved designs, each with a name,
-- reused on the generator, in bulk and through the API (`styleId`). The design is the JSON of
-- app/design/schema.ts's fields, checked by the design module before it is stored.
CREATE TABLE brand_styles (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- JSON: dotShape, cornerShape, … as app/design/schema.ts names them
  design TEXT NOT NULL,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- The list (by name) and the limit's count per workspace; a name is used once per workspace.
CREATE UNIQUE INDEX brand_styles_by_workspace_name ON brand_styles (workspace_id, name);
