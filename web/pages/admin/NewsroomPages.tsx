import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

/** /review: drafts submitted for review, oldest first; open one in the editor to publish it, or send it back with a note. */
export function ReviewPage() {
  const { utils, toast, format } = useAdminScreen();
  const queue = trpc.newsroom.reviewQueue.useQuery(undefined, { staleTime: 0 });
  useExpireOnUnauthorized(queue.error);
  const sendBack = trpc.newsroom.sendBack.useMutation();
  const [notes, setNotes] = useState<Record<number, string>>({});

  async function back(e: FormEvent, id: number) {
    e.preventDefault();
    try {
      await sendBack.mutateAsync({ id, note: notes[id] ?? "" });
      toast({ title: "Sent back to the author" });
      await utils.newsroom.reviewQueue.invalidate();
    } catch (err) {
      toast({ title: "Not sent back", description: (err as Error).message, variant: "destructive" });
    }
  }

  return (
    <AdminLayout title="Review queue">
      <section className="admin-card" aria-label="Drafts awaiting review">
        {queue.isLoading && <p className="admin-loading">Loading…</p>}
        {queue.isError && <p className="admin-error">Could not load: {queue.error.message}</p>}
        {queue.data?.length === 0 && <p className="admin-muted">Nothing is waiting for review.</p>}
        <ul className="admin-list">
          {queue.data?.map((a) => (
            <li key={a.id}>
              <Link to={`/editor/${a.id}`}>{a.title}</Link> — by {a.author}, submitted {format(a.submittedAt)}
              {a.submittedBy ? ` by ${a.submittedBy.name}` : ""}
              <form className="admin-inline-form" onSubmit={(e) => back(e, a.id)}>
                <input aria-label={`Note for ${a.title}`} placeholder="Note for the author" value={notes[a.id] ?? ""} maxLength={1000} required onChange={(e) => setNotes({ ...notes, [a.id]: e.target.value })} />
                <button type="submit" className="admin-btn admin-btn-small">
                  Send back
                </button>
              </form>
            </li>
          ))}
        </ul>
      </section>
    </AdminLayout>
  );
}

/** /audit: who did what and when, newest first, filtered by person, action and date. */
export function AuditPage() {
  const { format } = useAdminScreen();
  const [filters, setFilters] = useState({ actor: "", action: "", since: "" });
  const [applied, setApplied] = useState(filters);
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const log = trpc.newsroom.audit.useQuery({ actor: applied.actor || undefined, action: applied.action || undefined, since: applied.since ? new Date(applied.since).toISOString() : undefined, cursor, limit: 100 }, { staleTime: 0 });
  useExpireOnUnauthorized(log.error);
  return (
    <AdminLayout title="Audit log">
      <form
        className="admin-card admin-form"
        aria-label="Filters"
        onSubmit={(e) => {
          e.preventDefault();
          setCursor(undefined);
          setApplied(filters);
        }}
      >
        <div className="admin-form-grid">
          <label className="admin-field">
            <span>Person (e-mail or id)</span>
            <input name="actor" value={filters.actor} onChange={(e) => setFilters({ ...filters, actor: e.target.value })} />
          </label>
          <label className="admin-field">
            <span>Action (e.g. article.publish, or article.)</span>
            <input name="action" value={filters.action} onChange={(e) => setFilters({ ...filters, action: e.target.value })} />
          </label>
          <label className="admin-field">
            <span>Since</span>
            <input name="since" type="date" value={filters.since} onChange={(e) => setFilters({ ...filters, since: e.target.value })} />
          </label>
        </div>
        <button type="submit" className="admin-btn admin-btn-primary">
          Search
        </button>
      </form>
      <section className="admin-card" aria-label="Entries">
        {log.isError && <p className="admin-error">Could not load: {log.error.message}</p>}
        {log.data?.length === 0 && <p className="admin-muted">No entries.</p>}
        {!!log.data?.length && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>When</th>
                  <th>Who</th>
                  <th>Action</th>
                  <th>Target</th>
                  <th>Summary</th>
                </tr>
              </thead>
              <tbody>
                {log.data.map((e) => (
                  <tr key={e.id}>
                    <td>{format(e.at)}</td>
                    <td>{e.actorEmail ?? (e.actorId ? `#${e.actorId}` : "—")}</td>
                    <td className="admin-code">{e.action}</td>
                    <td>{e.targetType ? `${e.targetType} ${e.targetId ?? ""}` : "—"}</td>
                    <td>{e.summary}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {log.data?.length === 100 && (
          <button type="button" className="admin-btn" onClick={() => setCursor(log.data?.at(-1)?.id)}>
            Older entries →
          </button>
        )}
      </section>
    </AdminLayout>
  );
}
