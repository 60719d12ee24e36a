import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSelection } from "../../components/admin/useSelection.js";
import { Link, useSearchParams } from "react-router-dom";
import type { ArticleCard } from "../../../src/schemas/article.js";
import { categoryLabel } from "../../../src/schemas/constants.js";
import { editRefusal } from "../../../src/schemas/articleRights.js";
import { Tooltip } from "../../components/Tooltip.js";
import { Pager } from "../../components/admin/Pager.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized, useMe } from "./AdminLayout.js";

export const ARTICLES_PER_PAGE = 20;
const FILTERS = [
  { value: "", label: "All" },
  { value: "published", label: "Published" },
  { value: "scheduled", label: "Scheduled" },
  { value: "draft", label: "Drafts" },
  { value: "archived", label: "Archived" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

const isScheduled = (a: ArticleCard) => a.status === "published" && a.publishedAt !== null && new Date(a.publishedAt).getTime() > Date.now();

/** /articles: every article, paged by the server, with single and bulk delete. */
export function ArticlesPage() {
  return (
    <AdminLayout
      title="Manage Articles"
      actions={
        <Link to="/editor" className="admin-btn admin-btn-primary">
          Create New Article
        </Link>
      }
    >
      <ArticlesTable />
    </AdminLayout>
  );
}

function ArticlesTable() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const filter = (FILTERS.find((f) => f.value === params.get("status"))?.value ?? "") as Filter;
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const shortDate = (iso: string | null) => (iso ? format(iso) : "—");
  const list = trpc.articles.adminList.useQuery({ page, pageSize: ARTICLES_PER_PAGE, status: filter || undefined }, { placeholderData: keepPreviousData, staleTime: 0 });
  useExpireOnUnauthorized(list.error);
  const remove = trpc.articles.delete.useMutation();
  const { me } = useMe();
  // The list holds only the person's own articles unless the role edits any (GET /admin/articles): a contributor
  // is not offered to delete a published one, which the server would refuse.
  const deletable = (a: ArticleCard) => me !== undefined && editRefusal(me, { authorId: me.id, status: a.status }) === null;
  const selection = useSelection();
  const { selected, toggle } = selection;
  const [busy, setBusy] = useState(false);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const go = (next: { page?: number; status?: Filter }) => {
    selection.clear();
    const p = new URLSearchParams(params);
    const status = next.status ?? filter;
    if (status) p.set("status", status);
    else p.delete("status");
    const n = next.page ?? page;
    if (n > 1) p.set("page", String(n));
    else p.delete("page");
    setParams(p);
  };
  const allSelected = selection.allOf(items.filter(deletable).map((a) => a.id));

  const refresh = () => Promise.all([utils.articles.adminList.invalidate(), utils.admin.systemStatus.invalidate()]);
  // A page emptied by deletes (or a stale ?page=) steps back to the last page that has articles.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && list.data.items.length === 0 && page > 1) go({ page: Math.max(1, Math.ceil(list.data.total / ARTICLES_PER_PAGE)) });
  }, [list.data, list.isPlaceholderData, page]); // eslint-disable-line react-hooks/exhaustive-deps

  async function deleteOne(a: ArticleCard) {
    const ok = await confirm({ title: "Delete article", message: <>Are you sure you want to delete &ldquo;{a.title}&rdquo;? This action cannot be undone.</> });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: a.id });
      toast({ title: "Article Deleted", description: "Article removed successfully" });
      selection.set([...selected].filter((id) => id !== a.id));
      await refresh();
    } catch (err) {
      toast({ title: "Delete Failed", description: `Failed to delete “${a.title}”: ${(err as Error).message}`, variant: "destructive" });
    }
  }

  async function deleteSelected() {
    const chosen = items.filter((a) => selected.has(a.id));
    if (!chosen.length) return;
    const ok = await confirm({
      title: "Delete selected articles",
      message: (
        <>
          Are you sure you want to delete {chosen.length} {chosen.length === 1 ? "article" : "articles"}? This action cannot be undone.
        </>
      ),
      confirmLabel: `Delete ${chosen.length}`,
    });
    if (!ok) return;
    setBusy(true);
    // One request per article (the API has no bulk call for articles); each outcome is reported.
    const results = await Promise.allSettled(chosen.map((a) => remove.mutateAsync({ id: a.id })));
    setBusy(false);
    const failed = chosen.filter((_, i) => results[i].status === "rejected");
    const deleted = chosen.length - failed.length;
    selection.set(failed.map((a) => a.id));
    if (deleted) toast({ title: "Articles Deleted", description: `${deleted} of ${chosen.length} ${chosen.length === 1 ? "article" : "articles"} deleted.` });
    if (failed.length)
      toast({ title: "Some Deletes Failed", description: `Could not delete ${failed.length}: ${failed.map((a) => `“${a.title}”`).join(", ")}`, variant: "destructive" });
    await refresh();
  }

  return (
    <div className="admin-card">
      {confirmDialog}
      <div className="admin-toolbar">
        <div className="admin-tabs" role="group" aria-label="Filter by status">
          {FILTERS.map((f) => (
            <button key={f.value} type="button" className={`admin-tab${f.value === filter ? " active" : ""}`} aria-pressed={f.value === filter} onClick={() => go({ status: f.value, page: 1 })}>
              {f.label}
            </button>
          ))}
        </div>
        <span className="admin-muted">{list.data ? `${total} ${total === 1 ? "article" : "articles"}` : ""}</span>
        <button type="button" className="admin-btn admin-btn-danger" disabled={selected.size === 0 || busy} onClick={deleteSelected}>
          {busy ? "Deleting..." : `Delete Selected${selected.size ? ` (${selected.size})` : ""}`}
        </button>
      </div>
      {list.isError && <p className="admin-error">Could not load articles: {list.error.message}</p>}
      <div className="admin-table-wrap">
        <table className="admin-table admin-articles">
          <thead>
            <tr>
              <th className="admin-col-check">
                <input type="checkbox" aria-label="Select all articles on this page" checked={allSelected} onChange={() => (allSelected ? selection.clear() : selection.set(items.filter(deletable).map((a) => a.id)))} />
              </th>
              <th>Title</th>
              <th>Category</th>
              <th>Status</th>
              <th>Date</th>
              <th className="admin-col-actions">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.isLoading && (
              <tr>
                <td colSpan={6} className="admin-muted">
                  Loading…
                </td>
              </tr>
            )}
            {list.data && items.length === 0 && (
              <tr>
                <td colSpan={6} className="admin-muted">
                  No articles yet. <Link to="/editor">Write the first one.</Link>
                </td>
              </tr>
            )}
            {items.map((a) => (
              <tr key={a.id} data-article-id={a.id}>
                <td className="admin-col-check">
                  <input type="checkbox" aria-label={`Select “${a.title}”`} checked={selected.has(a.id)} onChange={() => toggle(a.id)} disabled={!deletable(a)} />
                </td>
                <td>
                  <a href={`/article/${a.slug}`} target="_blank" rel="noopener" className="admin-title-link">
                    {a.title}
                  </a>
                  <div className="admin-flags">
                    {a.isBreaking && <span className="admin-badge admin-badge-breaking">Breaking</span>}
                    {a.isPremium && <span className="admin-badge admin-badge-premium">Premium</span>}
                  </div>
                </td>
                <td>{categoryLabel(a.category)}</td>
                <td>
                  <span className={`admin-status admin-status-${a.status}`}>{a.status}</span>
                  {isScheduled(a) && (
                    <Tooltip content={`Goes live ${shortDate(a.publishedAt)}`}>
                      <span className="admin-badge admin-badge-scheduled" tabIndex={0}>
                        Scheduled
                      </span>
                    </Tooltip>
                  )}
                </td>
                <td className="admin-nowrap">
                  {a.publishedAt ? shortDate(a.publishedAt) : <span title="Not published yet">Created {shortDate(a.createdAt)}</span>}
                </td>
                <td className="admin-col-actions">
                  <Link to={`/editor/${a.id}`} className="admin-btn admin-btn-small">
                    Edit
                  </Link>
                  {deletable(a) && (
                    <button type="button" className="admin-btn admin-btn-small admin-btn-danger" onClick={() => deleteOne(a)}>
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={list.data?.total} pageSize={ARTICLES_PER_PAGE} onPage={(n) => go({ page: n })} />
    </div>
  );
}
