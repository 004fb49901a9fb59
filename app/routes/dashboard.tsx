import { data, Form, Link, redirect } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { getUser, requireUser } from "../auth/user.server";
import { engagementRate } from "../codes/engagement";
import { AchievementsSlot } from "../components/achievements/achievements-slot";
import { AnalyticsViewed } from "../components/achievements/analytics-viewed";
import { ActivityChart, Breakdown } from "../components/activity-chart";
import { SignOutForm } from "../components/auth/sign-out-form";
import { CopyButton } from "../components/copy-button";
import { createDatabase, type Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { dashboardOverview } from "../models/dashboard.server";
import { deleteWorkspaceCode, updateWorkspaceCode } from "../models/qr-codes.server";
import { cancelSubscription, changePlan } from "../billing/plan-actions.server";
import { ALREADY_ON_PLAN, planMove } from "../billing/plan-move";
import { isTestMode } from "../billing/settings.server";
import { subscriptionView } from "../billing/status";
import { type PendingConfirmation, PlanBilling } from "../components/billing/plan-billing";
import { isPlanId, PLAN_IDS, type PlanId, PLANS } from "../plans/catalogue";
import { pageMeta } from "../seo";
import { can } from "../workspaces/roles";
import {
  getMembership,
  requireMembership,
  requirePermission,
  workspacePlan,
} from "../workspaces/current.server";
import type { Route } from "./+types/dashboard";

type Tab = "analytics" | "plans";

/** Recent codes per page of the list. */
const PAGE_SIZE = 20;
/** Days shown in the activity chart. */
const CHART_DAYS = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "plans" ? "plans" : "analytics";
  const headers = { "Cache-Control": "private, no-store" };
  const [user, membership] = await Promise.all([getUser(context), getMembership(context)]);
  if (!user || !membership) return data({ signedIn: false as const }, { headers });

  const db = createDatabase();
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const now = new Date();
  // The workspace's plan (its owner's) decides what the dashboard shows.
  const plan = workspacePlan(membership, now);
  const analytics = PLANS[plan].capabilities.analyticsRetentionDays !== 0;
  const { codes, totals, activity, breakdown } = await dashboardOverview(
    db,
    membership.workspace.id,
    {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      analytics,
      chartDays: CHART_DAYS,
      now,
    },
  );
  const confirmDelete = Number(url.searchParams.get("delete"));
  return data(
    {
      signedIn: true as const,
      tab,
      firstName: user.firstName,
      workspace: {
        name: membership.workspace.name,
        personal: membership.workspace.personal,
        role: membership.role,
      },
      canManageCodes: can(membership.role, "codes.manage"),
      origin: url.origin,
      plan,
      billing: tab === "plans" ? planTab(user, url, now) : null,
      analytics,
      activity,
      breakdown,
      totals,
      engagement: engagementRate(totals.totalScans, totals.totalDownloads),
      codes: codes.map(({ code, scans, slug }) => ({
        id: code.id,
        type: code.type,
        title: code.title,
        isPublic: code.isPublic,
        createdAt: code.createdAt.toISOString(),
        downloads: code.downloadCount,
        scans,
        trackedUrl: slug ? `${url.origin}/s/${slug}` : null,
      })),
      confirmDelete: codes.find(({ code }) => code.id === confirmDelete)?.code.id ?? null,
      page,
      pages: Math.max(1, Math.ceil(totals.totalQRCodes / PAGE_SIZE)),
    },
    { headers },
  );
}

/** The Plan & Billing tab: the subscription, what each plan choice does, a step awaiting a yes. */
function planTab(user: UserRecord, url: URL, now: Date) {
  const moves = Object.fromEntries(
    PLAN_IDS.map((plan) => [plan, planMove(user, plan, now)]),
  ) as Record<PlanId, ReturnType<typeof planMove>>;
  const subscription = subscriptionView(user, now);
  const change = url.searchParams.get("change");
  const changeMove = isPlanId(change) ? moves[change] : null;
  let pending: PendingConfirmation | null = null;
  if (changeMove?.kind === "confirm") {
    pending = { kind: "change", target: changeMove.target, action: changeMove.action };
  } else if (url.searchParams.get("cancel") === "1" && subscription.hasActiveSubscription) {
    pending = { kind: "cancel" };
  }
  const testMode = isTestMode();
  return { subscription, moves, pending, testMode };
}

/**
 * Rename, share or stop sharing, delete: codes of the current workspace only, for a role that may
 * change them; then back with a message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  const form = await request.formData();
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  const db = createDatabase();
  const back = "/dashboard";
  const missing = () =>
    redirectWithToast(request, back, {
      title: "Code not found",
      description: "It may have been deleted already.",
      variant: "error",
    });
  if (intent === "change" || intent === "cancel") return planAction(request, user, form, db);
  if (!Number.isSafeInteger(id)) return missing();
  requirePermission(membership, "codes.manage");
  const workspaceId = membership.workspace.id;

  if (intent === "rename") {
    const title = String(form.get("title") ?? "")
      .trim()
      .slice(0, 120);
    if (!title) {
      return redirectWithToast(request, back, {
        title: "Title required",
        description: "Please enter a title for your QR code.",
        variant: "error",
      });
    }
    if (!(await updateWorkspaceCode(db, id, workspaceId, { title }))) return missing();
    return redirectWithToast(request, back, { title: "Renamed", variant: "success" });
  }
  if (intent === "visibility") {
    const isPublic = form.get("public") === "true";
    if (!(await updateWorkspaceCode(db, id, workspaceId, { isPublic }))) return missing();
    return redirectWithToast(request, back, {
      title: isPublic ? "Sharing on" : "Sharing off",
      description: isPublic
        ? "Anyone with the share link can download this code."
        : "Only you can download this code now.",
      variant: "success",
    });
  }
  if (intent === "delete") {
    if (!(await deleteWorkspaceCode(db, id, workspaceId))) return missing();
    return redirectWithToast(request, back, { title: "QR code deleted", variant: "success" });
  }
  throw redirect(back, 303);
}

/** A plan change or cancellation from the Plan & Billing tab, then back there with the outcome. */
async function planAction(request: Request, user: UserRecord, form: FormData, db: Database) {
  const back = "/dashboard?tab=plans";
  const target = form.get("target");
  const move = form.get("action");
  const result =
    form.get("intent") === "cancel"
      ? await cancelSubscription(db, user)
      : isPlanId(target)
        ? await changePlan(
            db,
            user,
            target,
            move === "upgrade" || move === "downgrade" ? move : null,
          )
        : { ok: false as const, status: 400, message: "Choose a plan." };
  if (result.ok) return redirectWithToast(request, back, result.toast);
  if (result.checkoutUrl) throw redirect(result.checkoutUrl, 303);
  return redirectWithToast(request, back, {
    title: result.message === ALREADY_ON_PLAN ? ALREADY_ON_PLAN : "Plan Change Failed",
    description: result.message === ALREADY_ON_PLAN ? undefined : result.message,
    variant: result.message === ALREADY_ON_PLAN ? "default" : "error",
  });
}

export const meta = () =>
  pageMeta("Dashboard", "Your saved QR codes, their downloads and scans, and your plan.");

type Loaded = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;
type SavedCode = Loaded["codes"][number];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function StatCards({ loaded }: { loaded: Loaded }) {
  const cards = [
    ["Total QR Codes", loaded.totals.totalQRCodes],
    ["Total Downloads", loaded.totals.totalDownloads],
    ["Total Scans", loaded.totals.totalScans],
    ["Engagement Rate", `${loaded.engagement}%`],
  ] as const;
  return (
    <ul className="stat-cards" aria-label="Totals">
      {cards.map(([label, value]) => (
        <li key={label} className="card stat-card">
          <span className="muted small">{label}</span>
          <strong>{value}</strong>
        </li>
      ))}
    </ul>
  );
}

function PremiumAnalytics() {
  return (
    <div className="card empty-state">
      <h2>Analytics is a Premium Feature</h2>
      <p className="muted">
        See downloads, scans and engagement for every code with Premium or Ultimate.
      </p>
      <div className="dashboard-actions">
        <Link to="/pricing" className="btn btn-primary">
          Upgrade to Premium
        </Link>
        <Link to="/dashboard?tab=plans" className="btn btn-ghost">
          View My Plan
        </Link>
      </div>
    </div>
  );
}

/** Share, rename and delete: for the roles that may change codes. */
function CodeManagement({ code, title }: { code: SavedCode; title: string }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="id" value={code.id} />
        <input type="hidden" name="intent" value="visibility" />
        <input type="hidden" name="public" value={code.isPublic ? "false" : "true"} />
        <button type="submit" className="btn btn-ghost">
          {code.isPublic ? "Stop sharing" : "Share publicly"}
        </button>
      </Form>
      <details className="rename">
        <summary className="btn btn-ghost">Rename</summary>
        <Form method="post" className="rename-form">
          <input type="hidden" name="id" value={code.id} />
          <input type="hidden" name="intent" value="rename" />
          <label htmlFor={`title-${code.id}`} className="sr-only">
            New title for {title}
          </label>
          <input
            id={`title-${code.id}`}
            name="title"
            defaultValue={code.title ?? ""}
            required
            maxLength={120}
          />
          <button type="submit" className="btn btn-primary">
            Save title
          </button>
        </Form>
      </details>
      <Link
        to={`/dashboard?delete=${code.id}`}
        className="btn btn-ghost btn-danger"
        preventScrollReset
      >
        Delete
      </Link>
    </>
  );
}

function CodeItem({
  code,
  origin,
  analytics,
  confirming,
  canManage,
}: {
  code: SavedCode;
  origin: string;
  analytics: boolean;
  confirming: boolean;
  /** Whether the member's role may change codes; a viewer only sees and downloads. */
  canManage: boolean;
}) {
  const title = code.title || `${code.type.toUpperCase()} QR Code`;
  const shareUrl = `${origin}/api/qr-codes/${code.id}/download?format=png`;
  return (
    <li className="card code-item">
      <div className="code-item-main">
        <h3>{title}</h3>
        <p className="muted small">
          <span className="badge">{code.type.toUpperCase()}</span>{" "}
          {code.trackedUrl ? <span className="badge badge-tracked">TRACKED</span> : null} Created{" "}
          {dateFormat.format(new Date(code.createdAt))} ·{" "}
          {count(code.downloads, "download", "downloads")}
          {analytics
            ? ` · ${count(code.scans, "scan", "scans")} · ${engagementRate(code.scans, code.downloads)}% engagement`
            : null}
        </p>
      </div>
      <div className="code-item-actions">
        <a className="btn btn-ghost" href={`/api/qr-codes/${code.id}/download?format=png`} download>
          Download PNG
        </a>
        {code.isPublic ? <CopyButton text={shareUrl} label="Copy share link" /> : null}
        {canManage ? <CodeManagement code={code} title={title} /> : null}
      </div>
      {code.trackedUrl ? (
        <p className="muted small share-url">
          Scans go through <code>{code.trackedUrl}</code>
        </p>
      ) : null}
      {code.isPublic ? (
        <p className="muted small share-url">
          Share link: <code>{shareUrl}</code>
        </p>
      ) : null}
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-labelledby={`confirm-${code.id}`}>
          <p id={`confirm-${code.id}`}>
            <strong>Delete “{title}”?</strong> Its download and scan history goes with it. This
            cannot be undone.
          </p>
          <div className="dashboard-actions">
            <Form method="post">
              <input type="hidden" name="id" value={code.id} />
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="btn btn-danger-solid">
                Delete for good
              </button>
            </Form>
            <Link to="/dashboard" className="btn btn-ghost" preventScrollReset>
              Keep it
            </Link>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function CodeList({ loaded }: { loaded: Loaded }) {
  if (loaded.codes.length === 0) {
    return (
      <div className="card empty-state">
        <h2>No QR Codes Yet</h2>
        <p className="muted">Codes you save from the generator appear here.</p>
        <Link to="/" className="btn btn-primary">
          Create Your First QR Code
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="saved-codes-heading">
      <h2 id="saved-codes-heading">Your QR codes</h2>
      {loaded.pages > 1 ? (
        <p className="muted small">
          Page {loaded.page} of {loaded.pages}
        </p>
      ) : null}
      <ul className="code-list">
        {loaded.codes.map((code) => (
          <CodeItem
            key={code.id}
            code={code}
            origin={loaded.origin}
            analytics={loaded.analytics}
            confirming={loaded.confirmDelete === code.id && loaded.canManageCodes}
            canManage={loaded.canManageCodes}
          />
        ))}
      </ul>
      {loaded.pages > 1 ? (
        <nav className="pager" aria-label="More codes">
          {loaded.page > 1 ? (
            <Link to={`/dashboard?page=${loaded.page - 1}`} className="btn btn-ghost">
              Newer codes
            </Link>
          ) : null}
          {loaded.page < loaded.pages ? (
            <Link to={`/dashboard?page=${loaded.page + 1}`} className="btn btn-ghost">
              Older codes
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <section className="container auth-page">
        <div className="card auth-card">
          <h1>Sign in to view your dashboard</h1>
          <p className="muted">Your saved QR codes, analytics and plan live here.</p>
          <Link to="/auth?mode=signin&redirect=%2Fdashboard" className="btn btn-primary btn-block">
            Sign in
          </Link>
          <p className="auth-switch">
            <Link to="/auth?mode=signup">New here? Create a free account</Link>
          </p>
        </div>
      </section>
    );
  }
  const loaded = loaderData;
  return (
    <section className="container dashboard">
      <div className="dashboard-header">
        <div>
          <h1>Welcome back, {loaded.firstName || "User"}</h1>
          {loaded.workspace.personal ? null : (
            <p className="muted">
              Workspace <strong>{loaded.workspace.name}</strong> · you are {loaded.workspace.role}
            </p>
          )}
        </div>
        <div className="dashboard-actions">
          <Link to="/" className="btn btn-primary">
            Create New QR Code
          </Link>
          <SignOutForm label="Sign Out" buttonClassName="btn btn-ghost" />
        </div>
      </div>
      <nav className="tabs dashboard-tabs" aria-label="Dashboard sections">
        <Link
          to="/dashboard?tab=analytics"
          className="tab"
          aria-current={loaded.tab === "analytics" ? "page" : undefined}
        >
          Analytics
        </Link>
        <Link
          to="/dashboard?tab=plans"
          className="tab"
          aria-current={loaded.tab === "plans" ? "page" : undefined}
        >
          Plan &amp; Billing
        </Link>
      </nav>
      {loaded.tab === "plans" ? (
        loaded.billing ? (
          <PlanBilling {...loaded.billing} />
        ) : null
      ) : (
        <>
          {loaded.analytics ? <StatCards loaded={loaded} /> : <PremiumAnalytics />}
          {loaded.activity ? <ActivityChart days={loaded.activity} /> : null}
          {loaded.breakdown ? (
            <div className="breakdowns">
              <Breakdown title="Scans by country" rows={loaded.breakdown.countries} />
              <Breakdown title="Scans by device" rows={loaded.breakdown.devices} />
            </div>
          ) : null}
          <CodeList loaded={loaded} />
          <AnalyticsViewed withData={loaded.analytics} />
          <AchievementsSlot />
        </>
      )}
    </section>
  );
}
