import { useState } from "react";
import { Link } from "react-router-dom";
import { pushTopicLabel } from "../../../src/schemas/pushTopics.js";
import { Figure } from "../../components/admin/figures.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized, useMe } from "./AdminLayout.js";

/** /alerts: breaking-news web push: the automatic alert setting, and every alert with its figures. */
export default function AlertsPage() {
  return (
    <AdminLayout title="Alerts">
      <AlertsScreen />
    </AdminLayout>
  );
}

function AlertsScreen() {
  const { utils, toast, format } = useAdminScreen();
  const settings = trpc.push.settings.useQuery(undefined, { staleTime: 0 });
  const campaigns = trpc.push.campaigns.useQuery(undefined, { staleTime: 0, refetchInterval: (q) => (q.state.data?.some((c) => c.status === "sending") ? 3_000 : false) });
  // The 30-day figures are analytics (administrators); an editor sends alerts and sees each one's figures below.
  const figures = useMe().allowed("analytics:read");
  const growth = trpc.analytics.growth.useQuery(undefined, { staleTime: 0, enabled: figures });
  useExpireOnUnauthorized(settings.error ?? campaigns.error);
  const update = trpc.push.updateSettings.useMutation();
  // The box shows the click at once (a controlled input would otherwise snap back until the mutation's state arrives).
  const [clicked, setClicked] = useState<boolean>();

  async function setAuto(autoBreaking: boolean) {
    setClicked(autoBreaking);
    try {
      utils.push.settings.setData(undefined, await update.mutateAsync({ autoBreaking }));
      toast({ title: "Saved", description: autoBreaking ? "Publishing a breaking article now alerts the breaking-news subscribers." : "Breaking articles no longer send an alert by themselves." });
    } catch (err) {
      toast({ title: "Not saved", description: (err as Error).message, variant: "destructive" });
      await utils.push.settings.invalidate();
    } finally {
      setClicked(undefined);
    }
  }

  const push = growth.data?.push;
  const list = campaigns.data ?? [];
  return (
    <>
      {figures && (
        <section className="admin-card" aria-label="Alert figures">
          <dl className="admin-figures">
            <Figure label="Subscribed browsers" value={push?.subscribers} field="push.subscribers" />
            <Figure label="Alerts (30 days)" value={push?.alerts} field="push.alerts" />
            <Figure label="Delivered (30 days)" value={push?.delivered} field="push.delivered" />
            <Figure label="Opened (30 days)" value={push?.clicks} field="push.clicks" />
          </dl>
        </section>
      )}
      <section className="admin-card" aria-labelledby="alerts-settings">
        <h2 id="alerts-settings">Automatic alert</h2>
        <label className="admin-check">
          <input type="checkbox" checked={clicked ?? settings.data?.autoBreaking ?? false} disabled={!settings.data || update.isPending} onChange={(e) => setAuto(e.target.checked)} />
          <span>Alert the breaking-news subscribers when a breaking article is published</span>
        </label>
        <p className="admin-muted admin-small">
          To send an alert by hand, open a published article in the <Link to="/articles">editor</Link> and use &quot;Send alert&quot;.
        </p>
      </section>
      <section className="admin-card" aria-labelledby="alerts-list">
        <h2 id="alerts-list">Alerts</h2>
        {campaigns.isError && <p className="admin-error">Could not load: {campaigns.error.message}</p>}
        {campaigns.data && !list.length && <p className="admin-muted admin-small">No alert sent yet.</p>}
        {list.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table" aria-label="Alerts">
              <thead>
                <tr>
                  <th>Sent</th>
                  <th>Alert</th>
                  <th>Topic</th>
                  <th>Recipients</th>
                  <th>Delivered</th>
                  <th>Failed</th>
                  <th>Clicks</th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.id}>
                    <td>{format(c.sentAt)}</td>
                    <td>
                      {c.articleId ? <Link to={`/editor/${c.articleId}`}>{c.title}</Link> : c.title}
                      {c.automatic && <small className="admin-muted"> · automatic</small>}
                      {c.status === "sending" && <small className="admin-muted"> · sending ({c.pending} waiting)</small>}
                    </td>
                    <td>{pushTopicLabel(c.topic)}</td>
                    <td>{c.recipients}</td>
                    <td>{c.delivered}</td>
                    <td>{c.failed}</td>
                    <td>{c.clicks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
