import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { engagementRate } from "../../codes/engagement";
import { LIST_SORTS } from "../../codes/listing";
import { MAX_TAG_LENGTH } from "../../codes/tags";
import type { AnalyticsTabData } from "../../dashboard/analytics-tab.server";
import { Trans, type Translate, useLocale, useLocalePath, useT } from "../../i18n/i18n";
import { QR_TYPES } from "../../qr/types";
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
/** A code's title, or its type's name for one saved without a title ("URL QR Code"). */
const titleOf = (code: { title: string | null; type: string }, t: Translate) =>
  code.title || t("dashboard.code.untitled", { type: code.type.toUpperCase() });

function SearchForm({ list }: { list: ListData }) {
  const t = useT();
  const { query } = list;
  return (
    <Form method="get" action="/dashboard" className="card code-search" role="search">
      <div className="code-search-query">
        <label htmlFor="code-q" className="sr-only">
          {t("dashboard.list.search.label")}
        </label>
        <div className="code-search-row">
          <input
            id="code-q"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={200}
            placeholder={t("dashboard.list.search.placeholder")}
          />
          <button type="submit" className="btn btn-primary">
            {t("dashboard.list.search.submit")}
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
        <summary>{t("dashboard.list.filters")}</summary>
        <div className="code-search-filters">
          <label>
            {t("dashboard.list.type")}
            <select name="type" defaultValue={query.type ?? ""}>
              <option value="">{t("dashboard.list.type.all")}</option>
              {QR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`dashboard.type.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("dashboard.list.kind")}
            <select name="kind" defaultValue={query.kind ?? ""}>
              <option value="">{t("dashboard.list.kind.any")}</option>
              <option value="dynamic">{t("dashboard.list.kind.dynamic")}</option>
              <option value="static">{t("dashboard.list.kind.static")}</option>
            </select>
          </label>
          <label>
            {t("dashboard.list.tag")}
            <select name="tag" defaultValue={query.tag ?? ""}>
              <option value="">{t("dashboard.list.tag.any")}</option>
              {list.tags.map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </select>
          </label>
          {list.creators.length > 1 ? (
            <label>
              {t("dashboard.list.creator")}
              <select name="creator" defaultValue={query.creator ?? ""}>
                <option value="">{t("dashboard.list.creator.any")}</option>
                {list.creators.map((creator) => (
                  <option key={creator.id} value={creator.id}>
                    {creator.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            {t("dashboard.list.sort")}
            <select name="sort" defaultValue={query.sort}>
              {LIST_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`dashboard.list.sort.${sort}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="code-search-actions">
          <button type="submit" className="btn btn-ghost">
            {t("dashboard.list.applyFilters")}
          </button>
          {list.filtered || query.sort !== "newest" ? (
            <Link to="/dashboard" className="btn btn-ghost">
              {t("dashboard.list.clear")}
            </Link>
          ) : null}
        </div>
      </details>
    </Form>
  );
}

/** The actions for the ticked codes: one select and one Apply, so that it works without JavaScript. */
function SelectionBar({ list, canManage }: { list: ListData; canManage: boolean }) {
  const t = useT();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  return (
    <form
      id={SELECTION_FORM}
      method="post"
      action="/dashboard/selection"
      className="selection-bar"
      aria-label={t("dashboard.selection.label")}
      onSubmit={(event) => {
        // A ZIP comes back as a download, so the page stays: say that it is being made.
        const form = event.currentTarget;
        if (new FormData(form).get("action") === "zip") setBusy(true);
        window.setTimeout(() => setBusy(false), 8000);
      }}
    >
      <input type="hidden" name="back" value={list.search} />
      <details className="selection-more">
        <summary>{t("dashboard.selection.summary")}</summary>
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
              {t("dashboard.selection.selectAll")}
            </label>
          ) : null}
          <label>
            {t("dashboard.selection.action")}
            <select name="action" defaultValue="zip">
              <option value="zip">{t("dashboard.selection.zip")}</option>
              {canManage ? (
                <>
                  <option value="tag">{t("dashboard.selection.tag")}</option>
                  <option value="untag">{t("dashboard.selection.untag")}</option>
                  <option value="delete">{t("dashboard.selection.delete")}</option>
                </>
              ) : null}
            </select>
          </label>
          {canManage ? (
            <label>
              {t("dashboard.selection.tagField")}
              <input
                name="tag"
                maxLength={MAX_TAG_LENGTH}
                placeholder={t("dashboard.selection.tagPlaceholder")}
              />
            </label>
          ) : null}
          <button type="submit" className="btn btn-ghost" disabled={busy}>
            {busy ? t("dashboard.selection.busy") : t("dashboard.selection.apply")}
          </button>
          <p className="muted small">
            {t("dashboard.selection.max", { count: list.maxSelection })}
          </p>
        </div>
      </details>
    </form>
  );
}

/** Share, rename and delete: for the roles that may change codes. */
function CodeManagement({ code, back }: { code: SavedCode; back: string }) {
  const t = useT();
  const title = titleOf(code, t);
  const deleteHref = `/dashboard${back ? `${back}&` : "?"}delete=${code.id}#result`;
  return (
    <>
      <Form method="post" action="/dashboard">
        <input type="hidden" name="id" value={code.id} />
        <input type="hidden" name="intent" value="visibility" />
        <input type="hidden" name="public" value={code.isPublic ? "false" : "true"} />
        <button type="submit" className="btn btn-ghost">
          {code.isPublic ? t("dashboard.code.stopSharing") : t("dashboard.code.share")}
        </button>
      </Form>
      <details className="rename">
        <summary className="btn btn-ghost">{t("dashboard.code.rename")}</summary>
        <Form method="post" action="/dashboard" className="rename-form">
          <input type="hidden" name="id" value={code.id} />
          <input type="hidden" name="intent" value="rename" />
          <label htmlFor={`title-${code.id}`} className="sr-only">
            {t("dashboard.code.newTitle", { title })}
          </label>
          <input
            id={`title-${code.id}`}
            name="title"
            defaultValue={code.title ?? ""}
            required
            maxLength={120}
          />
          <button type="submit" className="btn btn-primary">
            {t("dashboard.code.saveTitle")}
          </button>
        </Form>
      </details>
      <Link to={deleteHref} className="btn btn-ghost btn-danger">
        {t("dashboard.code.delete")}
      </Link>
    </>
  );
}

function Tags({ code, canManage, back }: { code: SavedCode; canManage: boolean; back: string }) {
  const t = useT();
  const title = titleOf(code, t);
  return (
    <div className="code-tags">
      {code.tags.length > 0 ? (
        <ul className="tag-list" aria-label={t("dashboard.tags.label", { title })}>
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
                    aria-label={t("dashboard.tags.remove", { tag, title })}
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
          <summary className="btn btn-ghost btn-small">{t("dashboard.tags.add")}</summary>
          <Form method="post" action="/dashboard/selection" className="rename-form">
            <input type="hidden" name="ids" value={code.id} />
            <input type="hidden" name="action" value="tag" />
            <input type="hidden" name="back" value={back} />
            <label htmlFor={`tag-${code.id}`} className="sr-only">
              {t("dashboard.tags.new", { title })}
            </label>
            <input id={`tag-${code.id}`} name="tag" required maxLength={MAX_TAG_LENGTH} />
            <button type="submit" className="btn btn-primary">
              {t("dashboard.tags.submit")}
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
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="code-destination">
      <p className="muted small">
        <Trans
          id="dashboard.destination.leadsTo"
          values={{ url: code.destination }}
          components={{ 0: <code className="destination-url" /> }}
        />
        {code.scheduled ? (
          <>
            {" "}
            <Trans
              id="dashboard.destination.scheduled"
              values={{ when: code.scheduled.when, url: code.scheduled.url }}
              components={{ 0: <code className="destination-url" /> }}
            />
          </>
        ) : null}{" "}
        · <Link to={`/dashboard/codes/${code.id}`}>{t("dashboard.destination.history")}</Link>
      </p>
      {code.disabled !== null ? (
        <p className="notice notice-error small">
          {t("dashboard.destination.disabled", { reason: code.disabled })}
        </p>
      ) : canManage && destinations.allowed ? (
        <details className="rename">
          <summary className="btn btn-ghost">{t("dashboard.destination.edit")}</summary>
          <DestinationForm codeId={code.id} current={code.destination} back="/dashboard" />
        </details>
      ) : null}
      {canManage && !destinations.allowed ? (
        <p className="muted small">
          {destinations.refusal}{" "}
          <Link
            to={
              destinations.upgradeHref === "/pricing"
                ? localePath("/pricing")
                : destinations.upgradeHref
            }
          >
            {t("dashboard.destination.plans")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function CodeItem({ code, loaded }: { code: SavedCode; loaded: AnalyticsTabData }) {
  const t = useT();
  const { code: locale } = useLocale();
  const title = titleOf(code, t);
  const created = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(code.createdAt),
  );
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
          aria-label={t("dashboard.code.select", { title })}
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
            {code.trackedUrl ? (
              <span className="badge badge-tracked">{t("dashboard.code.dynamicBadge")}</span>
            ) : null}{" "}
            {code.creator
              ? t("dashboard.code.createdBy", { date: created, name: code.creator })
              : t("dashboard.code.created", { date: created })}{" "}
            · {t("dashboard.code.downloads", { count: code.downloads })}
            {loaded.analytics
              ? ` · ${t("dashboard.code.scans", { count: code.scans })} · ${t(
                  "dashboard.code.engagement",
                  {
                    rate: new Intl.NumberFormat(locale, { style: "percent" }).format(
                      engagementRate(code.scans, code.downloads) / 100,
                    ),
                  },
                )}`
              : null}
          </p>
          <Tags code={code} canManage={canManage} back={back} />
        </div>
      </div>
      <div className="code-item-actions">
        <a className="btn btn-ghost" href={`/api/qr-codes/${code.id}/download?format=png`} download>
          {t("dashboard.code.downloadPng")}
        </a>
        {code.shareUrl ? (
          <CopyButton text={code.shareUrl} label={t("dashboard.code.copyShareLink")} />
        ) : null}
        {canManage ? <CodeManagement code={code} back={back} /> : null}
      </div>
      {code.trackedUrl ? (
        <p className="muted small share-url">
          <Trans
            id="dashboard.code.scansGoThrough"
            values={{ url: code.trackedUrl }}
            components={{ 0: <code /> }}
          />
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
          <Trans
            id="dashboard.code.shareLink"
            values={{ url: code.shareUrl }}
            components={{ 0: <code /> }}
          />
          {code.shareFormats.length > 0 ? (
            <>
              {" "}
              {t("dashboard.code.alsoAs")}{" "}
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
  const t = useT();
  const codes = loaded.confirmDelete;
  if (!codes || !loaded.canManageCodes) return null;
  const question =
    codes.length === 1
      ? t("dashboard.confirm.one", { title: titleOf(codes[0]!, t) })
      : t("dashboard.confirm.many", { count: codes.length });
  return (
    <div
      id="result"
      tabIndex={-1}
      className="confirm card"
      role="alertdialog"
      aria-labelledby="confirm-delete-question"
    >
      <p id="confirm-delete-question">
        <strong>{question}</strong> {t("dashboard.confirm.warning")}
      </p>
      {codes.length > 1 ? (
        <ul className="small">
          {codes.map((code) => (
            <li key={code.id}>{titleOf(code, t)}</li>
          ))}
        </ul>
      ) : null}
      <div className="dashboard-actions">
        <Form method="post" action="/dashboard/selection">
          <input type="hidden" name="ids" value={codes.map((code) => code.id).join(",")} />
          <input type="hidden" name="action" value="delete-confirmed" />
          <input type="hidden" name="back" value={loaded.list.search} />
          <button type="submit" className="btn btn-danger-solid">
            {t("dashboard.confirm.delete")}
          </button>
        </Form>
        <Link to={`/dashboard${loaded.list.search}`} className="btn btn-ghost">
          {codes.length === 1 ? t("dashboard.confirm.keepIt") : t("dashboard.confirm.keepThem")}
        </Link>
      </div>
    </div>
  );
}

function Pager({ list }: { list: ListData }) {
  const t = useT();
  if (!list.next && !list.previous) return null;
  return (
    <nav className="pager" aria-label={t("dashboard.pager.label")}>
      {list.first ? (
        <Link to={list.first} className="btn btn-ghost">
          {t("dashboard.pager.first")}
        </Link>
      ) : null}
      {list.previous ? (
        <Link to={list.previous} className="btn btn-ghost">
          {t("dashboard.pager.previous")}
        </Link>
      ) : null}
      {list.next ? (
        <Link to={list.next} className="btn btn-ghost">
          {t("dashboard.pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}

export function CodeList({ loaded }: { loaded: AnalyticsTabData }) {
  const t = useT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const { list } = loaded;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/dashboard";
  if (loaded.totals.totalQRCodes === 0) {
    return (
      <div className="card empty-state">
        <h2>{t("dashboard.list.empty.title")}</h2>
        <p className="muted">{t("dashboard.list.empty.body")}</p>
        <Link to={localePath("/")} className="btn btn-primary">
          {t("dashboard.list.empty.create")}
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="saved-codes-heading" className="code-manager">
      <h2 id="saved-codes-heading">{t("dashboard.list.heading")}</h2>
      <ConfirmDelete loaded={loaded} />
      {/* Keyed by the query: a client navigation to another query shows its own choices. */}
      <SearchForm key={list.search} list={list} />
      <p className="muted small" role="status">
        {loading
          ? t("dashboard.list.loading")
          : list.filtered
            ? t("dashboard.list.matching", {
                count: list.matching,
                total: t("dashboard.list.count", { count: loaded.totals.totalQRCodes }),
              })
            : t("dashboard.list.count", { count: list.matching })}
      </p>
      {loaded.codes.length === 0 ? (
        <div className="card empty-state">
          <h3>{t("dashboard.list.noMatch.title")}</h3>
          <p className="muted">{t("dashboard.list.noMatch.body")}</p>
          <Link to="/dashboard" className="btn btn-ghost">
            {t("dashboard.list.noMatch.clear")}
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
