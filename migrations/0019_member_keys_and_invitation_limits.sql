-- Issue #27. An API key acts with its maker's current membership (app/api/auth.server.ts checks
-- it on every call). Keys whose maker has left, was removed, deleted their account or no longer
-- manages keys (only owners and admins do) are revoked now, with an entry in their workspace's
-- audit log, as leaving or losing the role revokes them from now on.
INSERT INTO audit_events (workspace_id, actor_id, actor_email, action, target, details, created_at)
SELECT k.workspace_id, w.owner_id, o.email, 'api_key.revoked', k.id,
  json_object('name', k.name, 'email', coalesce(c.email, 'a former member'), 'reason', 'membership'),
  CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
FROM api_keys k
JOIN workspaces w ON w.id = k.workspace_id
JOIN users o ON o.id = w.owner_id
LEFT JOIN users c ON c.id = k.created_by
WHERE k.revoked_at IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM workspace_members m
    WHERE m.workspace_id = k.workspace_id AND m.user_id = k.created_by
      AND m.role IN ('owner', 'admin')
  );

UPDATE api_keys SET revoked_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
WHERE revoked_at IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM workspace_members m
    WHERE m.workspace_id = api_keys.workspace_id AND m.user_id = api_keys.created_by
      AND m.role IN ('owner', 'admin')
  );

-- One address receives at most 3 invitations a day, from any workspace: counted by address.
CREATE INDEX workspace_invitations_by_email ON workspace_invitations (email, created_at);

-- Logos now live under their workspace (logos/{workspace id}/{sha256}); R2 objects cannot be
-- moved by SQL, so keys from before (logos/{user id}/…) are moved in code: when the code is next
-- drawn, by the nightly logo-adoption job, and before the uploader's account is deleted.
