import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { engagementRate } from "../../codes/engagement";
import { LIST_SORTS, SORT_LABELS } from "../../codes/listing";
import { MAX_TAG_LENGTH } from "../../codes/tags";
import type { AnalyticsTabData } from "../../dashboard/analytics-tab.server";
import { QR_TYPE_LABELS, QR_TYPES } from "../../qr/types";
import { CopyButton } from "../copy-button";
import { useHydrated } from "../use-hydrated";
import { DestinationForm } from "./code-page";

// The dashboard's code list (issue #29): search, filters and sort in one GET form; each row with
// its thumbnail, tags and actions; several codes at once through checkboxes that belong to the
// selection form (the `form` attribute, since row forms cannot nest in it); cursor pages.
// Everything is a plain form or link; JavaScript adds "select all" and busy states.

type SavedCode = AnalyticsTabData["codes"][number];
type ListData = AnalyticsTabData["list"];

const SELECTION_FORM = "code-selection";
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const titleOf = (code: SavedCode) => code.title || `${code.type.toUpperCase()} QR Code`;

function SearchForm({ list }: { list: ListData }) {
  const { query } = list;
  return (
    <Form method="get" action="/dashboard" className="card code-search" role="search">
      <div className="code-search-query">
        <label htmlFor="code-q" className="sr-only">
          Search codes
        </label>
        <div className="code-search-row">
          <input
            id="code-q"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={200}
            placeholder="Search by title, content or short link"
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </div>
      {/* Folded on every screen until used, so that the codes stay on a phone's first screen. */}
      <details
        className="code-search-more"
        open={
          Boolean(query.type || query.kind || query.tag || query.creator) || query.sort !== "newest"
        }
      >
        <summary>Filters and sort</summary>
        <div className="code-search-filters">
          <label>
            Type
            <select name="type" defaultValue={query.type ?? ""}>
              <option value="">All types</option>
              {QR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {QR_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Kind
            <select name="kind" defaultValue={query.kind ?? ""}>
              <option value="">Any kind</option>
              <option value="dynamic">Dynamic</option>
              <option value="static">Static</option>
            </select>
          </label>
          <label>
            Tag
            <select name="tag" defaultValue={query.tag ?? ""}>
              <option value="">Any tag</option>
              {list.tags.map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </select>
          </label>
          {list.creators.length > 1 ? (
            <label>
              Created by
              <select name="creator" defaultValue={query.creator ?? ""}>
                <option value="">Anyone</option>
                {list.creators.map((creator) => (
                  <option key={creator.id} value={creator.id}>
                    {creator.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            Sort
            <select name="sort" defaultValue={query.sort}>
              {LIST_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="code-search-actions">
          <button type="submit" className="btn btn-ghost">
            Apply filters
          </button>
          {list.filtered || query.sort !== "newest" ? (
            <Link to="/dashboard" className="btn btn-ghost">
              Clear
            </Link>
          ) : null}
        </div>
      </details>
    </Form>
  );
}

/** The actions for the ticked codes: one select and one Apply, so that it works without JavaScript. */
function SelectionBar({ list, canManage }: { list: ListData; canManage: boolean }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  return (
    <form
      id={SELECTION_FORM}
      method="post"
      action="/dashboard/selection"
      className="selection-bar"
      aria-label="Selected codes"
      onSubmit={(event) => {
        // A ZIP comes back as a download, so the page stays: say that it is being made.
        const form = event.currentTarget;
        if (new FormData(form).get("action") === "zip") setBusy(true);
        window.setTimeout(() => setBusy(false), 8000);
      }}
    >
      <input type="hidden" name="back" value={list.search} />
      <details className="selection-more">
        <summary>With the ticked codes: ZIP, tag, delete</summary>
        <div className="selection-fields">
          {hydrated ? (
            <label className="checkbox select-all">
              <input
                type="checkbox"
                onChange={(event) => {
                  for (const box of document.querySelectorAll<HTMLInputElement>(
                    `input[name="ids"][form="${SELECTION_FORM}"]`,
                  )) {
                    box.checked = event.currentTarget.checked;
                  }
                }}
              />
              Select all on this page
            </label>
          ) : null}
          <label>
            With the selected codes
            <select name="action" defaultValue="zip">
              <option value="zip">Download as ZIP (PNG)</option>
              {canManage ? (
                <>
                  <option value="tag">Add the tag</option>
                  <option value="untag">Remove the tag</option>
                  <option value="delete">Delete…</option>
                </>
              ) : null}
            </select>
          </label>
          {canManage ? (
            <label>
              Tag (to add or remove)
              <input name="tag" maxLength={MAX_TAG_LENGTH} placeholder="e.g. spring menu" />
            </label>
          ) : null}
          <button type="submit" className="btn btn-ghost" disabled={busy}>
            {busy ? "Making the ZIP…" : "Apply"}
          </button>
          <p className="muted small">Up to {list.maxSelection} codes at a time.</p>
        </div>
      </details>
    </form>
  );
}

/** Share, rename and delete: for the roles that may change codes. */
function CodeManagement({ code, back }: { code: SavedCode; back: string }) {
  const title = titleOf(code);
  const deleteHref = `/dashboard${back ? `${back}&` : "?"}delete=${code.id}#result`;
  return (
    <>
      <Form method="post" action="/dashboard">
        <input type="hidden" name="id" value={code.id} />
        <input type="hidden" name="intent" value="visibility" />
        <input type="hidden" name="public" value={code.isPublic ? "false" : "true"} />
        <button type="submit" className="btn btn-ghost">
          {code.isPublic ? "Stop sharing" : "Share publicly"}
        </button>
      </Form>
      <details className="rename">
        <summary className="btn btn-ghost">Rename</summary>
        <Form method="post" action="/dashboard" className="rename-form">
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
      <Link to={deleteHref} className="btn btn-ghost btn-danger">
        Delete
      </Link>
    </>
  );
}

function Tags({ code, canManage, back }: { code: SavedCode; canManage: boolean; back: string }) {
  const title = titleOf(code);
  return (
    <div className="code-tags">
      {code.tags.length > 0 ? (
        <ul className="tag-list" aria-label={`Tags of ${title}`}>
          {code.tags.map((tag) => (
            <li key={tag} className="tag">
              <Link to={`/dashboard?tag=${encodeURIComponent(tag)}`}>{tag}</Link>
              {canManage ? (
                <Form method="post" action="/dashboard/selection">
                  <input type="hidden" name="ids" value={code.id} />
                  <input type="hidden" name="action" value="untag" />
                  <input type="hidden" name="tag" value={tag} />
                  <input type="hidden" name="back" value={back} />
                  <button
                    type="submit"
                    className="tag-remove"
                    aria-label={`Remove tag ${tag} from ${title}`}
                  >
                    ×
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canManage ? (
        <details className="rename add-tag">
          <summary className="btn btn-ghost btn-small">Add tag</summary>
          <Form method="post" action="/dashboard/selection" className="rename-form">
            <input type="hidden" name="ids" value={code.id} />
            <input type="hidden" name="action" value="tag" />
            <input type="hidden" name="back" value={back} />
            <label htmlFor={`tag-${code.id}`} className="sr-only">
              New tag for {title}
            </label>
            <input id={`tag-${code.id}`} name="tag" required maxLength={MAX_TAG_LENGTH} />
            <button type="submit" className="btn btn-primary">
              Add
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/** Where a tracked website code leads, with the Edit destination form (issue #21). */
function Destination({
  code,
  canManage,
  destinations,
}: {
  code: SavedCode & { destination: string };
  canManage: boolean;
  destinations: AnalyticsTabData["destinations"];
}) {
  return (
    <div className="code-destination">
      <p className="muted small">
        Leads to <code className="destination-url">{code.destination}</code>
        {code.scheduled ? (
          <>
            {" "}
            · from {code.scheduled.when}, to{" "}
            <code className="destination-url">{code.scheduled.url}</code>
          </>
        ) : null}{" "}
        · <Link to={`/dashboard/codes/${code.id}`}>History and scheduling</Link>
      </p>
      {code.disabled !== null ? (
        <p className="notice notice-error small">Disabled by our team: {code.disabled}</p>
      ) : canManage && destinations.allowed ? (
        <details className="rename">
          <summary className="btn btn-ghost">Edit destination</summary>
          <DestinationForm codeId={code.id} current={code.destination} back="/dashboard" />
        </details>
      ) : null}
      {canManage && !destinations.allowed ? (
        <p className="muted small">
          {destinations.refusal} <Link to={destinations.upgradeHref}>See the plans</Link>
        </p>
      ) : null}
    </div>
  );
}

function CodeItem({ code, loaded }: { code: SavedCode; loaded: AnalyticsTabData }) {
  const title = titleOf(code);
  const canManage = loaded.canManageCodes;
  const back = loaded.list.search;
  return (
    <li className="card code-item">
      <div className="code-item-head">
        <input
          type="checkbox"
          name="ids"
          value={code.id}
          form={SELECTION_FORM}
          id={`select-${code.id}`}
          className="code-select"
          aria-label={`Select ${title}`}
        />
        <img
          className="code-thumbnail"
          src={code.thumbnail}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
        />
        <div className="code-item-main">
          <h3>
            <Link to={`/dashboard/codes/${code.id}`}>{title}</Link>
          </h3>
          <p className="muted small">
            <span className="badge">{code.type.toUpperCase()}</span>{" "}
            {code.trackedUrl ? <span className="badge badge-tracked">DYNAMIC</span> : null} Created{" "}
            {dateFormat.format(new Date(code.createdAt))}
            {code.creator ? ` by ${code.creator}` : null} ·{" "}
            {count(code.downloads, "download", "downloads")}
            {loaded.analytics
              ? ` · ${count(code.scans, "scan", "scans")} · ${engagementRate(code.scans, code.downloads)}% engagement`
              : null}
          </p>
          <Tags code={code} canManage={canManage} back={back} />
        </div>
      </div>
      <div className="code-item-actions">
        <a className="btn btn-ghost" href={`/api/qr-codes/${code.id}/download?format=png`} download>
          Download PNG
        </a>
        {code.shareUrl ? <CopyButton text={code.shareUrl} label="Copy share link" /> : null}
        {canManage ? <CodeManagement code={code} back={back} /> : null}
      </div>
      {code.trackedUrl ? (
        <p className="muted small share-url">
          Scans go through <code>{code.trackedUrl}</code>
        </p>
      ) : null}
      {code.destination ? (
        <Destination
          code={{ ...code, destination: code.destination }}
          canManage={canManage}
          destinations={loaded.destinations}
        />
      ) : null}
      {code.shareUrl ? (
        <p className="muted small share-url">
          Share link: <code>{code.shareUrl}</code>
          {code.shareFormats.length > 0 ? (
            <>
              {" "}
              Also as{" "}
              {code.shareFormats.map(({ format, url }, i) => (
                <span key={format}>
                  {i > 0 ? " · " : null}
                  <a href={url}>{format.toUpperCase()}</a>
                </span>
              ))}
            </>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/** The confirmation page of a deletion (one code's Delete, or Delete… on several). */
function ConfirmDelete({ loaded }: { loaded: AnalyticsTabData }) {
  const codes = loaded.confirmDelete;
  if (!codes || !loaded.canManageCodes) return null;
  const question =
    codes.length === 1 ? `Delete “${codes[0]!.title}”?` : `Delete these ${codes.length} codes?`;
  return (
    <div
      id="result"
      tabIndex={-1}
      className="confirm card"
      role="alertdialog"
      aria-labelledby="confirm-delete-question"
    >
      <p id="confirm-delete-question">
        <strong>{question}</strong> Their download and scan history goes with them, and a dynamic
        code's short link stops working. This cannot be undone.
      </p>
      {codes.length > 1 ? (
        <ul className="small">
          {codes.map((code) => (
            <li key={code.id}>{code.title}</li>
          ))}
        </ul>
      ) : null}
      <div className="dashboard-actions">
        <Form method="post" action="/dashboard/selection">
          <input type="hidden" name="ids" value={codes.map((code) => code.id).join(",")} />
          <input type="hidden" name="action" value="delete-confirmed" />
          <input type="hidden" name="back" value={loaded.list.search} />
          <button type="submit" className="btn btn-danger-solid">
            Delete for good
          </button>
        </Form>
        <Link to={`/dashboard${loaded.list.search}`} className="btn btn-ghost">
          {codes.length === 1 ? "Keep it" : "Keep them"}
        </Link>
      </div>
    </div>
  );
}

function Pager({ list }: { list: ListData }) {
  if (!list.next && !list.previous) return null;
  return (
    <nav className="pager" aria-label="More codes">
      {list.first ? (
        <Link to={list.first} className="btn btn-ghost">
          First page
        </Link>
      ) : null}
      {list.previous ? (
        <Link to={list.previous} className="btn btn-ghost">
          Previous page
        </Link>
      ) : null}
      {list.next ? (
        <Link to={list.next} className="btn btn-ghost">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

export function CodeList({ loaded }: { loaded: AnalyticsTabData }) {
  const navigation = useNavigation();
  const { list } = loaded;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/dashboard";
  if (loaded.totals.totalQRCodes === 0) {
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
    <section aria-labelledby="saved-codes-heading" className="code-manager">
      <h2 id="saved-codes-heading">Your QR codes</h2>
      <ConfirmDelete loaded={loaded} />
      {/* Keyed by the query: a client navigation to another query shows its own choices. */}
      <SearchForm key={list.search} list={list} />
      <p className="muted small" role="status">
        {loading
          ? "Loading codes…"
          : list.filtered
            ? `${count(list.matching, "code matches", "codes match")} of ${count(loaded.totals.totalQRCodes, "code", "codes")}`
            : count(list.matching, "code", "codes")}
      </p>
      {loaded.codes.length === 0 ? (
        <div className="card empty-state">
          <h3>No codes match</h3>
          <p className="muted">Try other words, or fewer filters.</p>
          <Link to="/dashboard" className="btn btn-ghost">
            Clear search and filters
          </Link>
        </div>
      ) : (
        <>
          <SelectionBar list={list} canManage={loaded.canManageCodes} />
          <ul className="code-list" aria-busy={loading || undefined}>
            {loaded.codes.map((code) => (
              <CodeItem key={code.id} code={code} loaded={loaded} />
            ))}
          </ul>
          <Pager list={list} />
        </>
      )}
    </section>
  );
}
