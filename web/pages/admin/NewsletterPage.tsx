import { Figure } from "../../components/admin/figures.js";
import { NewsletterIssues } from "../../components/admin/NewsletterIssues.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

/** /newsletter: today's issue as it would go out, "Send now", and the issues sent with their figures. */
export default function NewsletterPage() {
  return (
    <AdminLayout title="Newsletter">
      <NewsletterScreen />
    </AdminLayout>
  );
}

function NewsletterScreen() {
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const preview = trpc.newsletterAdmin.preview.useQuery(undefined, { staleTime: 0 });
  const issues = trpc.newsletterAdmin.issues.useQuery(undefined, { staleTime: 0, refetchInterval: (q) => (q.state.data?.some((i) => i.status === "sending") ? 3_000 : false) });
  const stats = trpc.analytics.newsletter.useQuery(undefined, { staleTime: 0 });
  useExpireOnUnauthorized(preview.error ?? issues.error);
  const send = trpc.newsletterAdmin.send.useMutation();

  async function sendNow() {
    const ok = await confirm({
      title: "Send the newsletter now",
      message: <>Send the digest of the last 24 hours ({preview.data?.articles ?? 0} articles) to every active subscriber ({stats.data?.activeSubscribers ?? 0}) now?</>,
      confirmLabel: "Send now",
      destructive: false,
    });
    if (!ok) return;
    try {
      const result = await send.mutateAsync();
      toast({ title: "Newsletter sending", description: `Issue ${result.issueId} is going out to ${result.recipients} subscribers.` });
    } catch (err) {
      toast({ title: "Not sent", description: (err as Error).message, variant: "destructive" });
    }
    await Promise.all([utils.newsletterAdmin.issues.invalidate(), utils.analytics.newsletter.invalidate()]);
  }

  const s = stats.data;
  return (
    <>
      {confirmDialog}
      <section className="admin-card" aria-label="Newsletter figures">
        <dl className="admin-figures">
          <Figure label="Active subscribers" value={s?.activeSubscribers} field="activeSubscribers" />
          <Figure label="Signed up (incl. pending)" value={s?.totalSubscribers} field="totalSubscribers" />
          <Figure label="Open rate (30 days)" value={s?.openRate} unit="percent" field="openRate" />
          <Figure label="Click rate (30 days)" value={s?.clickRate} unit="percent" field="clickRate" />
          <Figure label="Last sent" value={s?.lastSent ? format(s.lastSent) : null} field="lastSent" />
        </dl>
      </section>

      <section className="admin-card" aria-label="Today's issue">
        <header className="admin-figure-card-head">
          <h2>Today&apos;s issue</h2>
          <button type="button" className="admin-btn admin-btn-primary" onClick={sendNow} disabled={send.isPending || !preview.data?.articles}>
            {send.isPending ? "Sending..." : "Send now"}
          </button>
        </header>
        {preview.isLoading && <p className="admin-muted">Loading…</p>}
        {preview.isError && <p className="admin-error">Could not load: {preview.error.message}</p>}
        {preview.data &&
          (preview.data.articles ? (
            <>
              <p>
                <strong>Subject:</strong> {preview.data.subject} · {preview.data.articles} articles from the last 24 hours
              </p>
              {/* Our own rendering of escaped article fields: safe to show as HTML. */}
              <div className="newsletter-preview" data-testid="newsletter-preview" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
            </>
          ) : (
            <p className="admin-muted">No article was published in the last 24 hours: there is nothing to send.</p>
          ))}
      </section>

      <section className="admin-card" aria-label="Issues">
        <h2>Issues</h2>
        {issues.data && <NewsletterIssues issues={issues.data} />}
      </section>
    </>
  );
}
