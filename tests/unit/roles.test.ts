import { describe, expect, it } from "vitest";
import { WORKSPACE_ROLES } from "../../app/db/schema";
import { can, WORKSPACE_ACTIONS, type WorkspaceAction } from "../../app/workspaces/roles";

// Issue #15's table, cell by cell: owner everything; admin members, invitations, codes and API
// keys (issue #16), custom domains (issue #18) and webhooks (issue #19); editor codes and analytics; viewer sees and downloads codes and analytics.
const EXPECTED: Record<WorkspaceAction, Record<(typeof WORKSPACE_ROLES)[number], boolean>> = {
  "codes.view": { owner: true, admin: true, editor: true, viewer: true },
  "codes.manage": { owner: true, admin: true, editor: true, viewer: false },
  // Brand styles (issue #28): whoever makes codes may save the designs they reuse.
  "styles.manage": { owner: true, admin: true, editor: true, viewer: false },
  "analytics.view": { owner: true, admin: true, editor: true, viewer: true },
  "members.manage": { owner: true, admin: true, editor: false, viewer: false },
  "audit.view": { owner: true, admin: true, editor: false, viewer: false },
  "api.manage": { owner: true, admin: true, editor: false, viewer: false },
  "domains.manage": { owner: true, admin: true, editor: false, viewer: false },
  "integrations.manage": { owner: true, admin: true, editor: false, viewer: false },
  "brand.manage": { owner: true, admin: true, editor: false, viewer: false },
  "workspace.rename": { owner: true, admin: true, editor: false, viewer: false },
  // Workspace security policies (issue #31): the session-length limit, requiring two-factor sign-in.
  "security.manage": { owner: true, admin: true, editor: false, viewer: false },
  "billing.manage": { owner: true, admin: false, editor: false, viewer: false },
  "ownership.transfer": { owner: true, admin: false, editor: false, viewer: false },
  "workspace.delete": { owner: true, admin: false, editor: false, viewer: false },
};

describe("the role table", () => {
  it("covers every action", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...WORKSPACE_ACTIONS].sort());
  });

  for (const action of WORKSPACE_ACTIONS) {
    for (const role of WORKSPACE_ROLES) {
      it(`${EXPECTED[action][role] ? "lets" : "does not let"} ${role} do ${action}`, () => {
        expect(can(role, action)).toBe(EXPECTED[action][role]);
      });
    }
  }
});
