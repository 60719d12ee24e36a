// The editor's History panel: every saved version of the article, its diff against the saved
// article (computed on the server with the `diff` library), and Restore (a new save).
import { useState } from "react";
import type { ArticleDto } from "../../../src/schemas/article.js";
import { trpc } from "../../trpc.js";
import { useToast } from "../../components/toast.js";
import { useSiteTime } from "../../components/admin/zonedTime.js";

const KIND_LABELS: Record<string, string> = { create: "Created", edit: "Edited", status: "Status changed", restore: "Restored" };

function wordChange(delta: number | null) {
  if (delta === null) return "first version";
  if (delta === 0) return "±0 words";
  return `${delta > 0 ? "+" : "−"}${Math.abs(delta)} word${Math.abs(delta) === 1 ? "" : "s"}`;
}

/** canRestore: the signed-in role may change this article (a contributor's published article is read only). */
export function HistoryPanel({ articleId, dirty, canRestore, onRestored }: { articleId: number; dirty: boolean; canRestore: boolean; onRestored: (article: ArticleDto) => void }) {
  const { format } = useSiteTime();
  const { toast } = useToast();
  const utils = trpc.useUtils();
  const list = trpc.revisions.list.useQuery({ id: articleId }, { staleTime: 0 });
  const [selected, setSelected] = useState<number | null>(null);
  const revision = trpc.revisions.get.useQuery({ id: articleId, revisionId: selected ?? 0 }, { enabled: selected !== null, staleTime: 0 });
  const restore = trpc.revisions.restore.useMutation();

  async function restoreSelected() {
    if (selected === null) return;
    if (dirty && !window.confirm("Restoring replaces your unsaved changes in the form. Continue?")) return;
    try {
      const article = await restore.mutateAsync({ id: articleId, revisionId: selected });
      // The form shows the restored text before the toast says so.
      onRestored(article);
      setSelected(null);
      toast({ title: "Revision Restored", description: "The chosen version was saved as a new revision." });
      await utils.revisions.list.invalidate({ id: articleId });
    } catch (err) {
      toast({ title: "Restore Failed", description: (err as Error).message, variant: "destructive" });
    }
  }

  return (
    <section className="admin-card admin-history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {list.isPending ? (
        <p className="admin-muted">Loading revisions…</p>
      ) : list.isError ? (
        <p className="admin-error">Could not load the history: {list.error.message}</p>
      ) : (
        <ol className="admin-history-list">
          {list.data.map((r, i) => (
            <li key={r.id} className={r.id === selected ? "is-selected" : undefined}>
              <button type="button" className="admin-history-item" aria-pressed={r.id === selected} onClick={() => setSelected(r.id === selected ? null : r.id)}>
                <time dateTime={r.savedAt}>{format(r.savedAt)}</time>
                <span className="admin-history-title">{r.title}</span>
                <small>
                  {KIND_LABELS[r.kind] ?? r.kind}
                  {i === 0 ? " · current" : ""} · {r.status} · {wordChange(r.wordDelta)} · {r.savedBy}
                </small>
              </button>
            </li>
          ))}
        </ol>
      )}
      {selected !== null && (
        <div className="admin-history-diff" aria-live="polite">
          {revision.isPending ? (
            <p className="admin-muted">Loading the revision…</p>
          ) : revision.isError ? (
            <p className="admin-error">{revision.error.message}</p>
          ) : (
            <>
              <p className="admin-muted">
                {revision.data.diff.changedFields.length
                  ? `Differs from the saved article in: ${revision.data.diff.changedFields.join(", ")}.`
                  : "Identical to the saved article."}{" "}
                <del>Struck</del> text is only in this revision; <ins>underlined</ins> text is only in the saved article.
              </p>
              <h3 className="admin-history-diff-title">
                {revision.data.diff.title.map((p, i) => (p.added ? <ins key={i}>{p.value}</ins> : p.removed ? <del key={i}>{p.value}</del> : <span key={i}>{p.value}</span>))}
              </h3>
              <pre className="admin-diff" data-testid="revision-diff">
                {revision.data.diff.content.map((p, i) => (p.added ? <ins key={i}>{p.value}</ins> : p.removed ? <del key={i}>{p.value}</del> : <span key={i}>{p.value}</span>))}
              </pre>
              {canRestore && (
                <button type="button" className="admin-btn admin-btn-primary" onClick={restoreSelected} disabled={restore.isPending}>
                  {restore.isPending ? "Restoring..." : "Restore this version"}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
