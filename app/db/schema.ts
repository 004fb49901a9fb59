import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { PLAN_IDS } from "../plans/catalogue";
import type { StoredCustomization } from "../design/customization";
import type { Design } from "../design/schema";
import { QR_TYPES } from "../qr/types";
import { SUPPORT_CATEGORY_IDS } from "../support/categories";

// Mirrors migrations/*.sql; tests/worker/schema.test.ts proves the two agree.

export const visitorDownloads = sqliteTable(
  "visitor_downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    visitorId: text("visitor_id").notNull(),
    ipHash: text("ip_hash").notNull(),
    downloadedAt: integer("downloaded_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("visitor_downloads_by_visitor").on(table.visitorId, table.downloadedAt),
    index("visitor_downloads_by_ip").on(table.ipHash, table.downloadedAt),
  ],
);

export type { PlanId } from "../plans/catalogue";

export const AUTH_PROVIDERS = ["email", "google", "oidc", "demo"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    provider: text("provider", { enum: AUTH_PROVIDERS }).notNull(),
    providerId: text("provider_id").notNull(),
    passwordHash: text("password_hash"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    subscriptionPlan: text("subscription_plan", { enum: PLAN_IDS }).notNull().default("free"),
    subscriptionStatus: text("subscription_status").notNull().default("active"),
    trialStartDate: integer("trial_start_date", { mode: "timestamp_ms" }),
    trialEndDate: integer("trial_end_date", { mode: "timestamp_ms" }),
    isTrialActive: integer("is_trial_active", { mode: "boolean" }).notNull().default(false),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** The next billing date of the paid subscription. */
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" })
      .notNull()
      .default(false),
    /** A downgrade that takes effect at currentPeriodEnd. */
    scheduledPlan: text("scheduled_plan", { enum: PLAN_IDS }),
    /** When the mirrored subscription state was read from the payment provider. */
    billingSyncedAt: integer("billing_synced_at", { mode: "timestamp_ms" }),
    /** Sessions that started before this moment are signed out (sign out everywhere). */
    sessionsRevokedAt: integer("sessions_revoked_at", { mode: "timestamp_ms" }),
    /** An IANA zone the person chose on /account (migration 0035); null until then. */
    timeZone: text("time_zone"),
    /** The language the person chose, a code of i18n/locales.ts (migration 0036); null until then. */
    language: text("language"),
  },
  (table) => [
    uniqueIndex("users_email").on(table.email),
    index("users_by_stripe_customer").on(table.stripeCustomerId),
  ],
);

export type UserRecord = typeof users.$inferSelect;

export const authIdentities = sqliteTable(
  "auth_identities",
  {
    provider: text("provider", { enum: AUTH_PROVIDERS }).notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerId] }),
    index("auth_identities_by_user").on(table.userId),
  ],
);

export const WORKSPACE_ROLES = ["owner", "admin", "editor", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Workspaces own the work; a personal one ('ws_' + the account's id) exists for everyone. */
export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    personal: integer("personal", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Members need a second factor to enter it (issue #31, Ultimate; migration 0026). */
    requireTwoFactor: integer("require_two_factor", { mode: "boolean" }).notNull().default(false),
    /** Members signed in longer ago must sign in again to enter (Ultimate); null: no limit. */
    sessionLimitSeconds: integer("session_limit_seconds"),
    /** Set while staff have suspended the workspace (issue #31, app/staff/suspension.server.ts). */
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    suspendedReason: text("suspended_reason"),
    suspendedBy: text("suspended_by"),
  },
  (table) => [index("workspaces_by_owner").on(table.ownerId)],
);

export type WorkspaceRecord = typeof workspaces.$inferSelect;

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index("workspace_members_by_user").on(table.userId),
  ],
);

export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("workspace_invitations_by_token").on(table.tokenHash),
    index("workspace_invitations_by_workspace").on(table.workspaceId, table.createdAt),
    index("workspace_invitations_by_email").on(table.email, table.createdAt),
  ],
);

/** Who did what in a workspace; the actor is kept without a foreign key, to outlive them. */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    target: text("target"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("audit_events_by_workspace").on(table.workspaceId, table.createdAt)],
);

export const qrCodes = sqliteTable(
  "qr_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: QR_TYPES }).notNull(),
    /** The content without its type, as JSON. */
    data: text("data", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    customization: text("customization", { mode: "json" }).notNull().$type<StoredCustomization>(),
    title: text("title"),
    logoUrl: text("logo_url"),
    downloadCount: integer("download_count").notNull().default(0),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** The workspace the code belongs to; `userId` is the member who created it. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    /** The bulk job and CSV row that saved the code, if one did (issue #17). */
    bulkJobId: text("bulk_job_id"),
    bulkRow: integer("bulk_row"),
    /**
     * The unguessable id of the code's public link, /api/qr-codes/{shareId}/download (issue #27),
     * given when the code is first shared; its numeric id answers only to its workspace's members.
     */
    shareId: text("share_id"),
    /** Its recorded scans, kept by triggers on qr_scans (migration 0021) for the scans sort. */
    scanCount: integer("scan_count").notNull().default(0),
  },
  (table) => [
    index("qr_codes_by_user").on(table.userId, table.createdAt),
    index("qr_codes_by_workspace").on(table.workspaceId, table.createdAt),
    index("qr_codes_by_workspace_scans").on(
      table.workspaceId,
      table.scanCount,
      table.downloadCount,
    ),
    // COLLATE NOCASE in the migration: the name sort ignores case.
    index("qr_codes_by_workspace_title").on(table.workspaceId, table.title),
    uniqueIndex("qr_codes_by_bulk_row").on(table.bulkJobId, table.bulkRow),
    uniqueIndex("qr_codes_by_share_id").on(table.shareId),
  ],
);

export type QrCodeRecord = typeof qrCodes.$inferSelect;

/** Tags on codes (issue #29): a few short names per code, for filtering and bulk actions. */
export const codeTags = sqliteTable(
  "code_tags",
  {
    codeId: integer("code_id")
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.codeId, table.tag] }),
    index("code_tags_by_workspace").on(table.workspaceId, table.tag),
  ],
);

export const qrDownloads = sqliteTable(
  "qr_downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qrCodeId: integer("qr_code_id")
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    format: text("format", { enum: ["png", "svg", "pdf", "eps"] }).notNull(),
    /** A keyed hash of the address, never the address. */
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    downloadedAt: integer("downloaded_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("qr_downloads_by_code").on(table.qrCodeId, table.downloadedAt),
    index("qr_downloads_by_user").on(table.userId),
  ],
);

export const qrScans = sqliteTable(
  "qr_scans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qrCodeId: integer("qr_code_id")
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    location: text("location", { mode: "json" }).$type<Record<string, unknown>>(),
    scannedAt: integer("scanned_at", { mode: "timestamp_ms" }).notNull(),
    /** The queued scan event's id: a message delivered twice is recorded once. */
    eventId: text("event_id"),
  },
  (table) => [
    index("qr_scans_by_code").on(table.qrCodeId, table.scannedAt),
    uniqueIndex("qr_scans_by_event").on(table.eventId),
  ],
);

/** Hourly scan rollups per code and dimension (issue #30; migrations/0024_scan_rollups.sql). */
export const scanRollups = sqliteTable(
  "scan_rollups",
  {
    qrCodeId: integer("qr_code_id")
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    /** 'total' (scans, uniques, bots) or country, region, city, timezone, device, os, browser. */
    dimension: text("dimension").notNull(),
    /** The UTC hour's first millisecond. */
    hour: integer("hour").notNull(),
    /** '' for 'total'. */
    value: text("value").notNull(),
    scans: integer("scans").notNull().default(0),
    uniques: integer("uniques").notNull().default(0),
    bots: integer("bots").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.qrCodeId, table.dimension, table.hour, table.value] })],
);

/**
 * The hourly rollups summed by UTC day (migration 0034), kept equal to them by triggers: the
 * breakdowns read whole days here and only a range's partial edge days from the hours.
 */
export const scanDailyRollups = sqliteTable(
  "scan_daily_rollups",
  {
    qrCodeId: integer("qr_code_id")
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    dimension: text("dimension").notNull(),
    /** The UTC day's first millisecond. */
    day: integer("day").notNull(),
    value: text("value").notNull(),
    scans: integer("scans").notNull().default(0),
    uniques: integer("uniques").notNull().default(0),
    bots: integer("bots").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.qrCodeId, table.dimension, table.day, table.value] })],
);

/** Scan events folded in the last two days: redeliveries and daily uniques are told apart. */
export const scanInbox = sqliteTable(
  "scan_inbox",
  {
    id: integer("id").primaryKey(),
    eventId: text("event_id").notNull(),
    qrCodeId: integer("qr_code_id").notNull(),
    /** The UTC day number of the scan. */
    day: integer("day").notNull(),
    /** HMAC-SHA-256 of address and user agent under the day's salt; null for bots. */
    visitor: text("visitor"),
    /** The consumer run that folded it. */
    batch: text("batch").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (table) => [
    uniqueIndex("scan_inbox_by_event").on(table.eventId),
    index("scan_inbox_by_visitor").on(table.qrCodeId, table.day, table.visitor),
    index("scan_inbox_by_received").on(table.receivedAt),
  ],
);

/** The visitor hash's salt per UTC day, deleted after two days. */
export const scanSalts = sqliteTable("scan_salts", {
  day: integer("day").primaryKey(),
  salt: text("salt").notNull(),
});

export const trackedLinks = sqliteTable(
  "tracked_links",
  {
    slug: text("slug").primaryKey(),
    qrCodeId: integer("qr_code_id").references(() => qrCodes.id, { onDelete: "set null" }),
    targetUrl: text("target_url").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** The custom domain the link is printed with (issue #18); null: this service's own. */
    domainId: text("domain_id").references(() => customDomains.id, { onDelete: "set null" }),
    /** The workspace of its code, kept when the code is deleted (for the 410 page's brand). */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    /** A pending scheduled change (issue #21): from `scheduledAt` on, lead to `scheduledUrl`. */
    scheduledUrl: text("scheduled_url"),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    /** The IANA time zone the editor wrote the time in. */
    scheduledZone: text("scheduled_zone"),
    scheduledBy: text("scheduled_by").references(() => users.id, { onDelete: "set null" }),
    /** Staff disabled the link (issue #31): it stops redirecting until they enable it again. */
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    /** Why, as shown to the workspace and e-mailed to its owner. */
    disabledReason: text("disabled_reason"),
    /** The staff member's id (no foreign key: staff_audit keeps who it was). */
    disabledBy: text("disabled_by"),
  },
  (table) => [
    uniqueIndex("tracked_links_by_code").on(table.qrCodeId),
    index("tracked_links_by_domain")
      .on(table.domainId)
      .where(sql`domain_id IS NOT NULL`),
    index("tracked_links_scheduled")
      .on(table.scheduledAt)
      .where(sql`scheduled_at IS NOT NULL`),
  ],
);

export const DESTINATION_CHANGE_KINDS = [
  "edit",
  "restore",
  "scheduled",
  "api",
  "cancelled",
] as const;
export type DestinationChangeKind = (typeof DESTINATION_CHANGE_KINDS)[number];

/** Each change of a tracked code's destination (issue #21); "cancelled" changed nothing. */
export const destinationChanges = sqliteTable(
  "destination_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qrCodeId: integer("qr_code_id")
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    oldUrl: text("old_url").notNull(),
    newUrl: text("new_url").notNull(),
    kind: text("kind", { enum: DESTINATION_CHANGE_KINDS }).notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("destination_changes_by_code").on(table.qrCodeId, table.changedAt)],
);

/** Payment-provider events already handled; a replay finds its id and changes nothing. */
export const billingEvents = sqliteTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  userId: text("user_id"),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});

/** Payments, one row per provider invoice: Plan & Billing's list and the receipt e-mail. */
export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    number: text("number").notNull(),
    description: text("description").notNull(),
    amountPaid: integer("amount_paid").notNull(),
    currency: text("currency").notNull(),
    /** The provider's receipt page (Stripe's hosted invoice); null: this site's own. */
    receiptUrl: text("receipt_url"),
    pdfUrl: text("pdf_url"),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("invoices_by_user").on(table.userId, table.paidAt)],
);

export type InvoiceRecord = typeof invoices.$inferSelect;

export const TOKEN_PURPOSES = ["verify_email", "reset_password", "change_email"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** One-time links sent by e-mail; only the token's SHA-256 is stored. */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    /** Where the link was sent: for an e-mail change, the new address. */
    email: text("email").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** Withdrawn unused: the account's address or password changed after it was sent. */
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("account_tokens_by_user").on(table.userId, table.purpose, table.createdAt)],
);

export type AccountTokenRecord = typeof accountTokens.$inferSelect;

/**
 * Addresses that have had a free trial (issue #27), as a keyed hash: no link to users, so the
 * record outlives account deletion. One trial per address, ever.
 */
export const trialAddresses = sqliteTable("trial_addresses", {
  addressHash: text("address_hash").primaryKey(),
  trialStartDate: integer("trial_start_date", { mode: "timestamp_ms" }).notNull(),
  trialEndDate: integer("trial_end_date", { mode: "timestamp_ms" }).notNull(),
});

/** The local twin of the mail provider (local runs and tests), shown at /dev/mail. */
export const mailOutbox = sqliteTable("mail_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  links: text("links", { mode: "json" }).notNull().$type<string[]>(),
  sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
});

/** Public API keys (issue #16): only the key's SHA-256 is stored; it is shown once. */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    lastFour: text("last_four").notNull(),
    scopes: text("scopes", { mode: "json" }).notNull().$type<string[]>(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("api_keys_by_token").on(table.tokenHash),
    index("api_keys_by_workspace").on(table.workspaceId, table.createdAt),
  ],
);

export type ApiKeyRecord = typeof apiKeys.$inferSelect;

/** The first answer to each (API key, Idempotency-Key), kept 24 hours. */
export const apiIdempotency = sqliteTable(
  "api_idempotency",
  {
    apiKeyId: text("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    contentType: text("content_type"),
    body: blob("body", { mode: "buffer" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.apiKeyId, table.idempotencyKey] }),
    index("api_idempotency_by_age").on(table.createdAt),
  ],
);

export const BULK_STATUSES = ["checked", "queued", "running", "done", "failed"] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** A bulk batch (issue #17): checked on upload, then made in chunks; its ZIP kept 7 days. */
export const bulkJobs = sqliteTable(
  "bulk_jobs",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: BULK_STATUSES }).notNull(),
    fileName: text("file_name").notNull(),
    totalRows: integer("total_rows").notNull(),
    checkedRows: integer("checked_rows").notNull(),
    doneRows: integer("done_rows").notNull().default(0),
    chunks: integer("chunks").notNull().default(0),
    options: text("options", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    zipBytes: integer("zip_bytes"),
    error: text("error"),
    via: text("via", { enum: ["web", "api"] })
      .notNull()
      .default("web"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("bulk_jobs_by_workspace").on(table.workspaceId, table.createdAt),
    index("bulk_jobs_by_expiry").on(table.expiresAt),
  ],
);

export type BulkJobRecord = typeof bulkJobs.$inferSelect;

export const bulkJobChunks = sqliteTable(
  "bulk_job_chunks",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => bulkJobs.id, { onDelete: "cascade" }),
    chunk: integer("chunk").notNull(),
    rows: integer("rows").notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.chunk] })],
);

export const DOMAIN_STATUSES = ["pending", "active", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** A workspace's own hostname for its tracked links (issue #18, migration 0012). */
export const customDomains = sqliteTable(
  "custom_domains",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower case; internationalised names in punycode. */
    hostname: text("hostname").notNull(),
    providerId: text("provider_id"),
    status: text("status", { enum: DOMAIN_STATUSES }).notNull(),
    hostnameStatus: text("hostname_status"),
    certificateStatus: text("certificate_status"),
    problems: text("problems", { mode: "json" }).notNull().$type<string[]>().default([]),
    checks: integer("checks").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }),
    nextCheckAt: integer("next_check_at", { mode: "timestamp_ms" }),
    activatedAt: integer("activated_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("custom_domains_by_hostname").on(table.hostname),
    index("custom_domains_by_workspace").on(table.workspaceId, table.createdAt),
    index("custom_domains_due")
      .on(table.nextCheckAt)
      .where(sql`status = 'pending'`),
  ],
);

export type CustomDomainRecord = typeof customDomains.$inferSelect;

/** A workspace's white-label brand (issue #18, Ultimate). */
export const workspaceBrands = sqliteTable("workspace_brands", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** #rrggbb, at least 4.5:1 against white. */
  accentColor: text("accent_color").notNull(),
  /** https:// or mailto:. */
  supportUrl: text("support_url"),
  logoKey: text("logo_key"),
  faviconKey: text("favicon_key"),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export type WorkspaceBrandRecord = typeof workspaceBrands.$inferSelect;

export const SUPPORT_STATUSES = ["open", "answered", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** A request to support (issue #19, migration 0014): its plan and promised time are kept. */
export const supportTickets = sqliteTable(
  "support_tickets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The workspace it was written from. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    qrCodeId: integer("qr_code_id").references(() => qrCodes.id, { onDelete: "set null" }),
    /** The workspace's effective plan when the ticket was opened. */
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    subject: text("subject").notNull(),
    category: text("category", { enum: SUPPORT_CATEGORY_IDS }).notNull(),
    status: text("status", { enum: SUPPORT_STATUSES }).notNull().default("open"),
    /** The plan's first-response time; null for community support (no promised time). */
    responseHours: integer("response_hours"),
    dueAt: integer("due_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    firstResponseAt: integer("first_response_at", { mode: "timestamp_ms" }),
    /** Set once by the 10-minute cron when dueAt passed without a staff reply. */
    breachedAt: integer("breached_at", { mode: "timestamp_ms" }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("support_tickets_by_user").on(table.userId, table.createdAt),
    index("support_tickets_by_status").on(table.status, table.dueAt),
    index("support_tickets_unanswered")
      .on(table.dueAt)
      .where(sql`first_response_at IS NULL AND breached_at IS NULL`),
  ],
);

export type SupportTicketRecord = typeof supportTickets.$inferSelect;

/** One message of a ticket, from the person or from staff; plain text. */
export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: text("id").primaryKey(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    fromStaff: integer("from_staff", { mode: "boolean" }).notNull().default(false),
    body: text("body").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("support_messages_by_ticket").on(table.ticketId, table.createdAt)],
);

export type SupportMessageRecord = typeof supportMessages.$inferSelect;

/** A workspace's webhook endpoint (issue #19, Ultimate, migration 0015). */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).notNull().$type<string[]>(),
    /** whsec_ + base64: shown again on the Integrations tab, never logged. */
    secret: text("secret").notNull(),
    /** After a rotation the previous secret signs too, until previousSecretUntil. */
    previousSecret: text("previous_secret"),
    previousSecretUntil: integer("previous_secret_until", { mode: "timestamp_ms" }),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    disabledReason: text("disabled_reason"),
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** This service's origin when the endpoint was added: the link of the e-mails about it. */
    appOrigin: text("app_origin").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("webhook_endpoints_by_workspace").on(table.workspaceId, table.enabled)],
);

export type WebhookEndpointRecord = typeof webhookEndpoints.$inferSelect;

export const DELIVERY_OUTCOMES = ["delivered", "retrying", "failed", "disabled"] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** One attempt to deliver one event to one endpoint (kept 30 days). */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The webhook-id header: the same on every attempt and on "Resend". */
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The JSON body as signed. */
    payload: text("payload").notNull(),
    attempt: integer("attempt").notNull(),
    outcome: text("outcome", { enum: DELIVERY_OUTCOMES }).notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    /** The first 2 KB of the answer's body. */
    response: text("response"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("webhook_deliveries_by_endpoint").on(table.endpointId, table.createdAt),
    index("webhook_deliveries_by_age").on(table.createdAt),
  ],
);

export type WebhookDeliveryRecord = typeof webhookDeliveries.$inferSelect;

/** A workspace's saved design, by name (issue #28, Premium and Ultimate, migration 0020). */
export const brandStyles = sqliteTable(
  "brand_styles",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The design's fields as app/design/schema.ts names them, checked before they are stored. */
    design: text("design", { mode: "json" }).notNull().$type<Design>(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [uniqueIndex("brand_styles_by_workspace_name").on(table.workspaceId, table.name)],
);

export type BrandStyleRecord = typeof brandStyles.$inferSelect;

/** What staff did in the console (issue #31, migration 0029); kept apart from workspace audits. */
export const staffAudit = sqliteTable(
  "staff_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    staffId: text("staff_id").notNull(),
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("staff_audit_by_time").on(table.createdAt),
    index("staff_audit_by_subject").on(table.subjectType, table.subjectId, table.createdAt),
  ],
);

export type StaffAuditRecord = typeof staffAudit.$inferSelect;

export const SIGN_IN_METHODS = [
  "password",
  "demo",
  "google",
  "oidc",
  "passkey",
  "recovery",
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The index of the sessions kept in KV (app/auth/session-index.server.ts), keyed by id hash. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    signedInAt: integer("signed_in_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    device: text("device").notNull(),
    country: text("country"),
    city: text("city"),
    method: text("method", { enum: SIGN_IN_METHODS }).notNull(),
  },
  (table) => [
    index("sessions_by_user").on(table.userId, table.lastUsedAt),
    index("sessions_by_expiry").on(table.expiresAt),
  ],
);

export type SessionRecord = typeof sessions.$inferSelect;

export const LINK_REPORT_REASONS = ["phishing", "malware", "spam", "illegal", "other"] as const;
export type LinkReportReason = (typeof LINK_REPORT_REASONS)[number];

/** Reports of abused links from the preview page (issue #31, migration 0030); staff only. */
export const linkReports = sqliteTable(
  "link_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug")
      .notNull()
      .references(() => trackedLinks.slug, { onDelete: "cascade" }),
    reason: text("reason", { enum: LINK_REPORT_REASONS }).notNull(),
    details: text("details").notNull(),
    reporterEmail: text("reporter_email"),
    /** A keyed hash of the reporter's network address, for the rate limit only. */
    reporterHash: text("reporter_hash").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    /** "disabled" (the link was taken down) or "dismissed". */
    resolution: text("resolution", { enum: ["disabled", "dismissed"] }),
    resolvedBy: text("resolved_by"),
  },
  (table) => [
    index("link_reports_by_link").on(table.slug, table.createdAt),
    index("link_reports_by_reporter").on(table.reporterHash, table.createdAt),
    index("link_reports_open")
      .on(table.createdAt)
      .where(sql`resolved_at IS NULL`),
  ],
);

export type LinkReportRecord = typeof linkReports.$inferSelect;

/** Domains staff block for tracked links (issue #31, migration 0032), beside the list file. */
export const linkBlocklist = sqliteTable("link_blocklist", {
  domain: text("domain").primaryKey(),
  reason: text("reason").notNull(),
  addedBy: text("added_by").notNull(),
  addedByEmail: text("added_by_email").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

export type LinkBlocklistRecord = typeof linkBlocklist.$inferSelect;

// Operations bookkeeping behind /staff/health (issue #31, migration 0033), kept 7 days.

export const QUEUE_FAILURE_KINDS = ["retried", "dead_lettered"] as const;

/** Messages a queue consumer retried or that reached a dead-letter queue, per batch and error. */
export const queueFailures = sqliteTable(
  "queue_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    queue: text("queue").notNull(),
    kind: text("kind", { enum: QUEUE_FAILURE_KINDS }).notNull(),
    messages: integer("messages").notNull(),
    error: text("error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("queue_failures_by_time").on(table.createdAt)],
);

/** One run of a cron trigger. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    cron: text("cron").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }).notNull(),
    outcome: text("outcome", { enum: ["ok", "failed"] }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (table) => [
    index("cron_runs_by_name").on(table.name, table.startedAt),
    index("cron_runs_by_time").on(table.startedAt),
  ],
);

export const MAIL_FAILURE_STAGES = ["send", "refused", "dead_letter"] as const;

/** Mail that did not go out (subject and error only, never the address). */
export const mailFailures = sqliteTable(
  "mail_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stage: text("stage", { enum: MAIL_FAILURE_STAGES }).notNull(),
    subject: text("subject").notNull(),
    error: text("error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("mail_failures_by_time").on(table.createdAt)],
);

/** Requests and 5xx answers per hour (the hour's start, epoch ms). */
export const requestStats = sqliteTable("request_stats", {
  hour: integer("hour").primaryKey(),
  requests: integer("requests").notNull(),
  errors: integer("errors").notNull(),
});

/** An account's authenticator secret (issue #31, migration 0026), encrypted at rest. */
export const twoFactorSecrets = sqliteTable("two_factor_secrets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretCiphertext: text("secret_ciphertext").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  /** Null while set-up waits for its first code. */
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  /** The last accepted 30-second step: a code works once. */
  lastUsedStep: integer("last_used_step"),
});

/** Single-use recovery codes, as keyed hashes bound to the account. */
export const twoFactorRecoveryCodes = sqliteTable(
  "two_factor_recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("two_factor_recovery_codes_by_user").on(table.userId)],
);

/** A password sign-in waiting for its second step (10 minutes, 5 attempts, used once). */
export const twoFactorChallenges = sqliteTable(
  "two_factor_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redirectTo: text("redirect_to").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("two_factor_challenges_by_user").on(table.userId)],
);

/** Browsers trusted for 30 days after a second step; deleting a row revokes the browser. */
export const trustedBrowsers = sqliteTable(
  "trusted_browsers",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("trusted_browsers_by_user").on(table.userId)],
);

/** A registered passkey (issue #31, migration 0027); `id` is the WebAuthn credential id. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull(),
    transports: text("transports", { mode: "json" }).notNull().$type<string[]>(),
    deviceType: text("device_type", { enum: ["singleDevice", "multiDevice"] }).notNull(),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("passkeys_by_user").on(table.userId, table.createdAt)],
);

export type PasskeyRecord = typeof passkeys.$inferSelect;

export const PASSKEY_PURPOSES = ["register", "sign-in"] as const;
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[number];

/** A passkey ceremony's challenge: single use, 5 minutes (issue #31, migration 0027). */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: PASSKEY_PURPOSES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("passkey_challenges_by_expiry").on(table.expiresAt)],
);
