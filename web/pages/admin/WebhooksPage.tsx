import { useEffect, useState, type FormEvent } from "react";
import { WEBHOOK_EVENTS, type WebhookEventType } from "../../../src/schemas/partner.js";
import { CheckList } from "../../components/admin/CheckList.js";
import { ShownOnce } from "../../components/admin/ShownOnce.js";
import { useSiteTime } from "../../components/admin/zonedTime.js";
import { useToast } from "../../components/toast.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

/** /webhooks: endpoints partners receive events at, each with its delivery log. */
export default function WebhooksPage() {
  return (
    <AdminLayout title="Webhooks">
      <Webhooks />
    </AdminLayout>
  );
}

function Webhooks() {
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const list = trpc.partnerAdmin.listWebhooks.useQuery(undefined, { staleTime: 0, refetchInterval: 10_000 });
  useExpireOnUnauthorized(list.error);
  const create = trpc.partnerAdmin.createWebhook.useMutation();
  const update = trpc.partnerAdmin.updateWebhook.useMutation();
  const remove = trpc.partnerAdmin.deleteWebhook.useMutation();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["article.published"]);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const hook = await create.mutateAsync({ url: url.trim(), events });
      setSecret(hook.secret);
      setUrl("");
      await utils.partnerAdmin.listWebhooks.invalidate();
    } catch (err) {
      toast({ title: "Endpoint not added", description: (err as Error).message, variant: "destructive" });
    }
  }

  async function setEnabled(id: number, enabled: boolean) {
    await update.mutateAsync({ id, enabled }).catch((err: Error) => toast({ title: "Not changed", description: err.message, variant: "destructive" }));
    await utils.partnerAdmin.listWebhooks.invalidate();
  }

  async function del(id: number, target: string) {
    if (!(await confirm({ title: "Delete endpoint", message: <>Delete {target} and its delivery log?</> }))) return;
    await remove.mutateAsync({ id }).catch((err: Error) => toast({ title: "Not deleted", description: err.message, variant: "destructive" }));
    await utils.partnerAdmin.listWebhooks.invalidate();
  }

  return (
    <div className="admin-stack">
      {confirmDialog}
      {secret && <ShownOnce title="Signing secret" value={secret} onDone={() => setSecret(null)} />}
      <form className="admin-card admin-form" onSubmit={submit} aria-label="New webhook endpoint">
        <h2>New endpoint</h2>
        <div className="admin-form-grid">
          <label className="admin-field admin-field-wide">
            <span>URL * (https)</span>
            <input name="url" type="url" value={url} maxLength={2000} required onChange={(e) => setUrl(e.target.value)} placeholder="https://partner.example.com/hooks/sentinel" />
          </label>
          <CheckList legend="Events *" options={WEBHOOK_EVENTS} selected={events} onChange={setEvents} />
        </div>
        <div className="admin-form-actions">
          <button type="submit" className="admin-btn admin-btn-primary" disabled={create.isPending || !url.trim() || !events.length}>
            Add endpoint
          </button>
        </div>
      </form>
      {list.isLoading && <p className="admin-loading">Loading…</p>}
      {list.isError && <p className="admin-error">Could not load: {list.error.message}</p>}
      {list.data?.length === 0 && <p className="admin-card admin-muted">No endpoints yet.</p>}
      {list.data?.map((hook) => (
        <section key={hook.id} className="admin-card" aria-label={`Endpoint ${hook.url}`}>
          <header className="admin-figure-card-head">
            <h2 className="admin-code">{hook.url}</h2>
            {hook.enabled ? <span className="admin-badge admin-badge-ok">Enabled</span> : <span className="admin-badge admin-badge-off">Disabled</span>}
          </header>
          <p className="admin-small">
            Events: {hook.events.join(", ")} · Added {format(hook.createdAt)} · {hook.pending} waiting
            {hook.failingSince && <> · Failing since {format(hook.failingSince)}</>}
          </p>
          {!hook.enabled && hook.disabledReason && <p className="admin-error">Disabled {hook.disabledAt ? format(hook.disabledAt) : ""}: {hook.disabledReason}</p>}
          <div className="admin-row-actions">
            <button type="button" className="admin-btn admin-btn-small" onClick={() => setOpen(open === hook.id ? null : hook.id)} aria-expanded={open === hook.id}>
              {open === hook.id ? "Hide deliveries" : "Deliveries"}
            </button>
            <button type="button" className="admin-btn admin-btn-small" onClick={() => setEnabled(hook.id, !hook.enabled)}>
              {hook.enabled ? "Disable" : "Enable"}
            </button>
            <button type="button" className="admin-btn admin-btn-small admin-btn-danger" onClick={() => del(hook.id, hook.url)}>
              Delete
            </button>
          </div>
          {open === hook.id && <Deliveries endpointId={hook.id} />}
        </section>
      ))}
    </div>
  );
}

function Deliveries({ endpointId }: { endpointId: number }) {
  const utils = trpc.useUtils();
  const { toast } = useToast();
  const { format } = useSiteTime();
  const log = trpc.partnerAdmin.deliveries.useQuery({ id: endpointId }, { staleTime: 0, refetchInterval: 5_000 });
  const redeliver = trpc.partnerAdmin.redeliver.useMutation();
  // The endpoint's summary (waiting, failing since) follows its log.
  const seen = log.dataUpdatedAt;
  useEffect(() => {
    if (seen) void utils.partnerAdmin.listWebhooks.invalidate();
  }, [seen, utils]);
  async function again(deliveryId: number) {
    try {
      await redeliver.mutateAsync({ id: endpointId, deliveryId });
      toast({ title: "Queued for redelivery" });
    } catch (err) {
      toast({ title: "Not queued", description: (err as Error).message, variant: "destructive" });
    }
    await Promise.all([utils.partnerAdmin.deliveries.invalidate({ id: endpointId }), utils.partnerAdmin.listWebhooks.invalidate()]);
  }
  if (log.isLoading) return <p className="admin-loading">Loading…</p>;
  if (log.isError) return <p className="admin-error">Could not load: {log.error.message}</p>;
  if (!log.data?.length) return <p className="admin-muted">No deliveries yet.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-label="Deliveries">
        <thead>
          <tr>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>Last answer</th>
            <th>Duration</th>
            <th>Last attempt</th>
            <th>Response</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {log.data.map((d) => (
            <tr key={d.id}>
              <td>
                <code>{d.type}</code>
                <div className="admin-small admin-muted admin-code">{d.eventId}</div>
              </td>
              <td>
                <span className={`admin-badge ${d.status === "delivered" ? "admin-badge-ok" : d.status === "failed" ? "admin-badge-off" : ""}`}>{d.status}</span>
                {d.status === "pending" && d.nextAttemptAt && d.attempts > 0 && <div className="admin-small admin-muted">next {format(d.nextAttemptAt)}</div>}
              </td>
              <td>{d.attempts}</td>
              <td>{d.lastStatusCode ?? (d.attempts ? "no answer" : "—")}</td>
              <td>{d.lastDurationMs !== null ? `${d.lastDurationMs} ms` : "—"}</td>
              <td>{d.lastAttemptAt ? format(d.lastAttemptAt) : "—"}</td>
              <td className="admin-excerpt">{d.lastResponse ?? ""}</td>
              <td>
                <button type="button" className="admin-btn admin-btn-small" onClick={() => again(d.id)} disabled={redeliver.isPending}>
                  Redeliver
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
