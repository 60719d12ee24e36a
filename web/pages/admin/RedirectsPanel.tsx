import { useState, type FormEvent } from "react";
import { Pager } from "../../components/admin/Pager.js";
import { trpc } from "../../trpc.js";
import { useExpireOnUnauthorized } from "./AdminLayout.js";
import { useAdminScreen } from "./useAdminScreen.js";

const PAGE_SIZE = 50;

/** The redirect table: old addresses answered with 301 (imported ones and the administrator's), with their hits. */
export function RedirectsPanel() {
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const list = trpc.importAdmin.redirects.useQuery({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, q: q.trim() || undefined }, { staleTime: 0 });
  useExpireOnUnauthorized(list.error);
  const create = trpc.importAdmin.createRedirect.useMutation();
  const remove = trpc.importAdmin.deleteRedirect.useMutation();
  const [source, setSource] = useState("");
  const [target, setTarget] = useState("");

  async function add(e: FormEvent) {
    e.preventDefault();
    try {
      await create.mutateAsync({ source: source.trim(), target: target.trim() });
      setSource("");
      setTarget("");
      await utils.importAdmin.redirects.invalidate();
    } catch (err) {
      toast({ title: "Redirect not added", description: (err as Error).message, variant: "destructive" });
    }
  }

  async function del(id: number, from: string) {
    if (!(await confirm({ title: "Delete redirect", message: <>Delete the redirect of {from}? That address answers 404 again at once.</>, confirmLabel: "Delete" }))) return;
    await remove.mutateAsync({ id }).catch((err: Error) => toast({ title: "Not deleted", description: err.message, variant: "destructive" }));
    await utils.importAdmin.redirects.invalidate();
  }

  return (
    <section className="admin-card" aria-labelledby="redirects-heading">
      {confirmDialog}
      <h2 id="redirects-heading">Redirects</h2>
      <p className="admin-muted">Old addresses answered with a permanent redirect (301) when no page of ours has that address. Targets are paths on this site.</p>
      <form className="admin-form" onSubmit={add} aria-label="New redirect">
        <div className="admin-form-grid">
          <label className="admin-field">
            <span>Old address</span>
            <input name="source" value={source} maxLength={1000} required placeholder="/2019/05/old-post/" onChange={(e) => setSource(e.target.value)} />
          </label>
          <label className="admin-field">
            <span>Redirect to</span>
            <input name="target" value={target} maxLength={400} required placeholder="/article/new-slug" onChange={(e) => setTarget(e.target.value)} />
          </label>
        </div>
        <div className="admin-form-actions">
          <button type="submit" className="admin-btn admin-btn-primary" disabled={create.isPending || !source.trim() || !target.trim()}>
            Add redirect
          </button>
        </div>
      </form>
      <label className="admin-field">
        <span>Find</span>
        <input type="search" value={q} maxLength={200} placeholder="Part of an address" onChange={(e) => { setQ(e.target.value); setPage(1); }} />
      </label>
      {list.isError && <p className="admin-error">Could not load: {list.error.message}</p>}
      {list.data?.total === 0 && <p className="admin-muted">No redirects{q ? " match" : " yet"}.</p>}
      {!!list.data?.items.length && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Old address</th>
                <th scope="col">Redirects to</th>
                <th scope="col">Hits</th>
                <th scope="col">Last hit</th>
                <th scope="col">From</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((r) => (
                <tr key={r.id}>
                  <td className="admin-code">{r.source}</td>
                  <td className="admin-code">{r.target}</td>
                  <td>{r.hits}</td>
                  <td>{r.lastHitAt ? format(r.lastHitAt) : "Never"}</td>
                  <td>{r.origin === "wordpress" ? "Import" : "Added"}</td>
                  <td>
                    <button type="button" className="admin-btn admin-btn-small admin-btn-danger" onClick={() => del(r.id, r.source)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={list.data?.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </section>
  );
}
