import { count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  authIdentities,
  customDomains,
  qrCodes,
  trackedLinks,
  users,
  workspaceMembers,
  workspaces,
  type WorkspaceRole,
} from "../db/schema";
import { PLANS } from "../plans/catalogue";
import { effectivePlan } from "../plans/effective";
import { workspaceLabel } from "../workspaces/personal";
import { likePrefix, LOOKUP_LIMIT, type LookupTerms } from "./lookup";

// The staff lookup's queries (issue #31): read-only. People and workspaces found by what staff
// typed (lookup.ts), each described with the facts support asks for first.

const METHOD_NAMES = {
  email: "Password",
  google: "Google",
  oidc: "Developer platform (OIDC)",
  demo: "Demo",
} as const;

export interface FoundPerson {
  id: string;
  email: string;
  verified: boolean;
  createdAt: string;
  methods: string[];
  workspaces: { id: string; name: string; role: WorkspaceRole }[];
}

export interface WorkspaceFacts {
  id: string;
  name: string;
  personal: boolean;
  ownerEmail: string;
  plan: string;
  members: number;
  codes: number;
  domains: { hostname: string; status: string }[];
  createdAt: string;
  suspension: { at: string; reason: string | null } | null;
}

export interface LookupResult {
  people: FoundPerson[];
  workspaces: WorkspaceFacts[];
}

export async function lookup(db: Database, terms: LookupTerms, now: Date): Promise<LookupResult> {
  const people = terms.emailPrefix ? await peopleByEmail(db, terms.emailPrefix) : [];
  const direct = await workspaceIdsOf(db, terms);
  const ids = [...new Set([...direct, ...people.flatMap((p) => p.workspaces.map((w) => w.id))])];
  return { people, workspaces: await workspaceFacts(db, ids.slice(0, LOOKUP_LIMIT), now) };
}

async function peopleByEmail(db: Database, prefix: string): Promise<FoundPerson[]> {
  const rows = await db
    .select()
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.email})`, prefix),
        sql`lower(${users.email}) LIKE ${likePrefix(prefix)} ESCAPE '\\'`,
      ),
    )
    // The exact address first, then the others by address.
    .orderBy(sql`lower(${users.email}) = ${prefix} DESC`, users.email)
    .limit(LOOKUP_LIMIT)
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [identities, memberships] = await Promise.all([
    db
      .select({ userId: authIdentities.userId, provider: authIdentities.provider })
      .from(authIdentities)
      .where(inArray(authIdentities.userId, ids))
      .all(),
    db
      .select({
        userId: workspaceMembers.userId,
        role: workspaceMembers.role,
        workspace: workspaces,
        owner: users,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .innerJoin(users, eq(users.id, workspaces.ownerId))
      .where(inArray(workspaceMembers.userId, ids))
      .all(),
  ]);
  return rows.map((user) => {
    const providers = new Set([
      user.provider,
      ...identities.filter((i) => i.userId === user.id).map((i) => i.provider),
    ]);
    if (!user.passwordHash) providers.delete("email");
    else providers.add("email");
    return {
      id: user.id,
      email: user.email,
      verified: user.emailVerified,
      createdAt: user.createdAt.toISOString(),
      methods: [...providers].map((provider) => METHOD_NAMES[provider]),
      workspaces: memberships
        .filter((m) => m.userId === user.id)
        .map((m) => ({
          id: m.workspace.id,
          name: workspaceLabel(m.workspace, m.owner, null),
          role: m.role,
        })),
    };
  });
}

/** Workspaces named by a custom domain, a short link's slug or their id. */
async function workspaceIdsOf(db: Database, terms: LookupTerms): Promise<string[]> {
  const found: string[] = [];
  if (terms.hostname) {
    const domain = await db
      .select({ workspaceId: customDomains.workspaceId })
      .from(customDomains)
      .where(eq(customDomains.hostname, terms.hostname))
      .get();
    if (domain) found.push(domain.workspaceId);
  }
  if (terms.slug) {
    const link = await db
      .select({ code: qrCodes.workspaceId, link: trackedLinks.workspaceId })
      .from(trackedLinks)
      .leftJoin(qrCodes, eq(qrCodes.id, trackedLinks.qrCodeId))
      .where(eq(trackedLinks.slug, terms.slug))
      .get();
    const id = link?.code ?? link?.link;
    if (id) found.push(id);
  }
  if (terms.workspaceId) {
    const workspace = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, terms.workspaceId))
      .get();
    if (workspace) found.push(workspace.id);
  }
  return found;
}

/** The facts of these workspaces, in the order given (D1 takes at most 100 parameters). */
export async function workspaceFacts(
  db: Database,
  ids: string[],
  now: Date,
): Promise<WorkspaceFacts[]> {
  if (ids.length === 0) return [];
  const [rows, members, codes, domains] = await Promise.all([
    db
      .select({ workspace: workspaces, owner: users })
      .from(workspaces)
      .innerJoin(users, eq(users.id, workspaces.ownerId))
      .where(inArray(workspaces.id, ids))
      .all(),
    db
      .select({ id: workspaceMembers.workspaceId, n: count() })
      .from(workspaceMembers)
      .where(inArray(workspaceMembers.workspaceId, ids))
      .groupBy(workspaceMembers.workspaceId)
      .all(),
    db
      .select({ id: qrCodes.workspaceId, n: count() })
      .from(qrCodes)
      .where(inArray(qrCodes.workspaceId, ids))
      .groupBy(qrCodes.workspaceId)
      .all(),
    db
      .select({
        id: customDomains.workspaceId,
        hostname: customDomains.hostname,
        status: customDomains.status,
      })
      .from(customDomains)
      .where(inArray(customDomains.workspaceId, ids))
      .orderBy(customDomains.hostname)
      .all(),
  ]);
  const byId = new Map(rows.map((row) => [row.workspace.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { workspace, owner } = row;
    return [
      {
        id,
        name: workspaceLabel(workspace, owner, null),
        personal: workspace.personal,
        ownerEmail: owner.email,
        plan: PLANS[effectivePlan(owner, now)].name,
        members: members.find((m) => m.id === id)?.n ?? 0,
        codes: codes.find((c) => c.id === id)?.n ?? 0,
        domains: domains
          .filter((d) => d.id === id)
          .map(({ hostname, status }) => ({ hostname, status })),
        createdAt: workspace.createdAt.toISOString(),
        suspension: workspace.suspendedAt
          ? { at: workspace.suspendedAt.toISOString(), reason: workspace.suspendedReason }
          : null,
      },
    ];
  });
}

/** A workspace's members for its staff page: address, role, since when; owner first. */
export async function workspaceMembersOf(db: Database, workspaceId: string) {
  const rows = await db
    .select({ email: users.email, role: workspaceMembers.role, since: workspaceMembers.createdAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(sql`${workspaceMembers.role} = 'owner' DESC`, desc(workspaceMembers.createdAt))
    .all();
  return rows.map((row) => ({ ...row, since: row.since.toISOString() }));
}
