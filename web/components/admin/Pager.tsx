/**
 * Previous / Next with "Page X of Y". Until the total is known (the list is still loading) it
 * says no count rather than a made-up "of 1", and Next stays disabled.
 */
export function Pager({ page, total, pageSize, onPage, className = "admin-btn" }: { page: number; total: number | undefined; pageSize: number; onPage: (page: number) => void; className?: string }) {
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="admin-pager">
      <button type="button" className={className} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">{pages === undefined ? "Loading…" : `Page ${Math.min(page, pages)} of ${pages}`}</span>
      <button type="button" className={className} disabled={pages === undefined || page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </div>
  );
}
