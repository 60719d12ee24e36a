import { useState, type FormEvent } from "react";
import { dayStart, daysAfter } from "../../../src/schemas/zonedTime.js";
import { API_SCOPES, API_SCOPE_LABELS, type ApiScope } from "../../../src/schemas/partner.js";
import { CheckList } from "../../components/admin/CheckList.js";
import { ShownOnce } from "../../components/admin/ShownOnce.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

/** The last second of a day in the site's zone (where the expiry date is read, wherever the editor sits). */
const endOfDay = (day: string, timeZone: string) => new Date(dayStart(daysAfter(day, 1), timeZone).getTime() - 1000).toISOString();

/** /api-keys: partners' API keys, each shown once when created, revocable at once. */
export default function ApiKeysPage() {
  return (
    <AdminLayout title="API Keys">
      <ApiKeys />
    </AdminLayout>
  );
}

function ApiKeys() {
  const { utils, toast, format, timeZone, confirm, confirmDialog } = useAdminScreen();
  const list = trpc.partnerAdmin.listKeys.useQuery(undefined, { staleTime: 0 });
  useExpireOnUnauthorized(list.error);
  const create = trpc.partnerAdmin.createKey.useMutation();
  const revoke = trpc.partnerAdmin.revokeKey.useMutation();
  const [label, setLabel] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["content:read"]);
  const [expiresOn, setExpiresOn] = useState("");
  const [created, setCreated] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const key = await create.mutateAsync({ label: label.trim(), scopes, expiresAt: expiresOn ? endOfDay(expiresOn, timeZone) : null });
      setCreated(key.key);
      setLabel("");
      await utils.partnerAdmin.listKeys.invalidate();
    } catch (err) {
      toast({ title: "Key not created", description: (err as Error).message, variant: "destructive" });
    }
  }

  async function revokeKey(id: number, name: string) {
    const ok = await confirm({ title: "Revoke key", message: <>Revoke &ldquo;{name}&rdquo;? Requests with it are refused at once.</>, confirmLabel: "Revoke" });
    if (!ok) return;
    await revoke.mutateAsync({ id }).catch((err: Error) => toast({ title: "Not revoked", description: err.message, variant: "destructive" }));
    await utils.partnerAdmin.listKeys.invalidate();
  }

  return (
    <div className="admin-stack">
      {confirmDialog}
      {created && <ShownOnce title="Your new API key" value={created} onDone={() => setCreated(null)} />}
      <form className="admin-card admin-form" onSubmit={submit} aria-label="New API key">
        <h2>New key</h2>
        <div className="admin-form-grid">
          <label className="admin-field">
            <span>Label *</span>
            <input name="label" value={label} maxLength={100} required onChange={(e) => setLabel(e.target.value)} placeholder="Partner site" />
          </label>
          <label className="admin-field">
            <span>Expires on (optional)</span>
            <input name="expiresOn" type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
          </label>
          <CheckList legend="Scopes *" options={API_SCOPES} selected={scopes} onChange={setScopes} describe={(scope) => API_SCOPE_LABELS[scope]} />
        </div>
        <div className="admin-form-actions">
          <button type="submit" className="admin-btn admin-btn-primary" disabled={create.isPending || !label.trim() || !scopes.length}>
            Create key
          </button>
        </div>
      </form>
      <section className="admin-card" aria-label="API keys">
        {list.isLoading && <p className="admin-loading">Loading…</p>}
        {list.isError && <p className="admin-error">Could not load: {list.error.message}</p>}
        {list.data?.length === 0 && <p className="admin-muted">No keys yet.</p>}
        {!!list.data?.length && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Label</th>
                  <th>Key</th>
                  <th>Scopes</th>
                  <th>Created</th>
                  <th>Last used</th>
                  <th>Expires</th>
                  <th>Status</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.map((k) => (
                  <tr key={k.id}>
                    <td>{k.label}</td>
                    <td className="admin-code">{k.prefix}…</td>
                    <td>{k.scopes.join(", ")}</td>
                    <td>{format(k.createdAt)}</td>
                    <td>{k.lastUsedAt ? format(k.lastUsedAt) : "Never"}</td>
                    <td>{k.expiresAt ? format(k.expiresAt) : "Never"}</td>
                    <td>{k.active ? <span className="admin-badge admin-badge-ok">Active</span> : <span className="admin-badge admin-badge-off">{k.revokedAt ? "Revoked" : "Expired"}</span>}</td>
                    <td>
                      {!k.revokedAt && (
                        <button type="button" className="admin-btn admin-btn-small admin-btn-danger" onClick={() => revokeKey(k.id, k.label)}>
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
