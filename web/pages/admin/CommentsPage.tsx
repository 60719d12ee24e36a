import { useState } from "react";
import type { CommentStatus } from "../../../src/schemas/constants.js";
import { useSelection } from "../../components/admin/useSelection.js";
import { trpc, type RouterOutputs } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

type ModerationComment = RouterOutputs["commentsAdmin"]["list"]["items"][number];
type Action = "approve" | "reject" | "delete";
const DONE: Record<Action, string> = { approve: "approved", reject: "rejected", delete: "deleted" };
const FILTERS: { value: CommentStatus | ""; label: string }[] = [
  { value: "", label: "Awaiting review first" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];
const plural = (n: number) => `${n} ${n === 1 ? "comment" : "comments"}`;

/** /comments: the moderation queue. */
export function CommentsPage() {
  return (
    <AdminLayout title="Comment Moderation">
      <Moderation />
    </AdminLayout>
  );
}

function Moderation() {
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const [filter, setFilter] = useState<CommentStatus | "">("");
  const list = trpc.commentsAdmin.list.useQuery({ status: filter || undefined }, { staleTime: 0, refetchInterval: 30_000 });
  useExpireOnUnauthorized(list.error);
  const bulk = trpc.commentsAdmin.bulk.useMutation();
  const selection = useSelection();
  const { selected, toggle } = selection;
  const items = list.data?.items ?? [];
  const allSelected = selection.allOf(items.map((c) => c.id));

  async function apply(action: Action, targets: ModerationComment[]) {
    if (!targets.length) return;
    if (action === "delete") {
      const ok = await confirm({
        title: "Delete comments",
        message: targets.length === 1 ? <>Are you sure you want to delete the comment by &ldquo;{targets[0].authorName}&rdquo;? This action cannot be undone.</> : <>Are you sure you want to delete {plural(targets.length)}? This action cannot be undone.</>,
      });
      if (!ok) return;
    }
    try {
      const { succeeded, failed } = await bulk.mutateAsync({ ids: targets.map((c) => c.id), action });
      if (succeeded.length) toast({ title: targets.length === 1 ? `Comment ${DONE[action][0].toUpperCase()}${DONE[action].slice(1)}` : `${plural(succeeded.length)} ${DONE[action]}`, description: targets.length === 1 ? undefined : `${succeeded.length} of ${targets.length} done.` });
      if (failed.length) toast({ title: "Some comments were not changed", description: `${plural(failed.length)} no longer exist.`, variant: "destructive" });
      selection.clear();
    } catch (err) {
      toast({ title: "Error", description: `Failed to update comments: ${(err as Error).message}`, variant: "destructive" });
    }
    await Promise.all([utils.commentsAdmin.list.invalidate(), utils.admin.systemStatus.invalidate()]);
  }

  const chosen = items.filter((c) => selected.has(c.id));

  return (
    <div className="admin-card">
      {confirmDialog}
      <div className="admin-toolbar">
        <div className="admin-tabs" role="group" aria-label="Show">
          {FILTERS.map((f) => (
            <button key={f.value} type="button" className={`admin-tab${f.value === filter ? " active" : ""}`} aria-pressed={f.value === filter} onClick={() => (setFilter(f.value), selection.clear())}>
              {f.label}
            </button>
          ))}
        </div>
        <span className="admin-muted">{list.data ? `${list.data.pending} awaiting review` : ""}</span>
      </div>
      <div className="admin-toolbar admin-bulkbar">
        <label className="admin-check">
          <input type="checkbox" aria-label="Select all comments" checked={allSelected} onChange={() => (allSelected ? selection.clear() : selection.set(items.map((c) => c.id)))} /> Select all
        </label>
        <button type="button" className="admin-btn admin-btn-small" disabled={!chosen.length || bulk.isPending} onClick={() => apply("approve", chosen)}>
          Approve Selected
        </button>
        <button type="button" className="admin-btn admin-btn-small" disabled={!chosen.length || bulk.isPending} onClick={() => apply("reject", chosen)}>
          Reject Selected
        </button>
        <button type="button" className="admin-btn admin-btn-small admin-btn-danger" disabled={!chosen.length || bulk.isPending} onClick={() => apply("delete", chosen)}>
          Delete Selected
        </button>
      </div>
      {list.isLoading && <p className="admin-muted">Loading…</p>}
      {list.isError && <p className="admin-error">Could not load comments: {list.error.message}</p>}
      {list.data && items.length === 0 && <p className="admin-muted">No comments here.</p>}
      <ul className="admin-comments">
        {items.map((c) => (
          <li key={c.id} className={`admin-comment admin-comment-${c.status}`} data-comment-id={c.id}>
            <input type="checkbox" aria-label={`Select the comment by ${c.authorName}`} checked={selected.has(c.id)} onChange={() => toggle(c.id)} />
            <div className="admin-comment-body">
              <div className="admin-comment-meta">
                <strong>{c.authorName}</strong> <a href={`mailto:${c.authorEmail}`}>{c.authorEmail}</a>
                <span className={`admin-status admin-status-${c.status}`}>{c.status}</span>
                <time dateTime={c.createdAt}>{format(c.createdAt)}</time>
              </div>
              <div className="admin-small">
                on{" "}
                <a href={`/article/${c.articleSlug}`} target="_blank" rel="noopener">
                  {c.articleTitle}
                </a>
              </div>
              <p className="admin-comment-text">{c.content}</p>
              {c.moderationReason && <p className="admin-small admin-muted">Held because: {c.moderationReason}</p>}
            </div>
            <div className="admin-row-actions">
              {c.status !== "approved" && (
                <button type="button" className="admin-btn admin-btn-small admin-btn-ok" onClick={() => apply("approve", [c])} disabled={bulk.isPending}>
                  Approve
                </button>
              )}
              {c.status !== "rejected" && (
                <button type="button" className="admin-btn admin-btn-small" onClick={() => apply("reject", [c])} disabled={bulk.isPending}>
                  Reject
                </button>
              )}
              <button type="button" className="admin-btn admin-btn-small admin-btn-danger" onClick={() => apply("delete", [c])} disabled={bulk.isPending}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
