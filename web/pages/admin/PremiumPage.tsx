import { useState } from "react";
import { PREMIUM_PLANS } from "../../../src/schemas/constants.js";
import { PREMIUM_STATUSES, PREMIUM_TRANSITIONS, type PremiumStatus } from "../../../src/schemas/premium.js";
import { Figure } from "../../components/admin/figures.js";
import { PaymentsPanel } from "../../components/admin/PaymentsPanel.js";
import { trpc, type RouterOutputs } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

type Signup = RouterOutputs["premiumAdmin"]["list"]["items"][number];
type Target = Exclude<PremiumStatus, "requested">;

const PAGE_SIZE = 25;
const STATUS_LABEL: Record<PremiumStatus, string> = { requested: "Requested", active: "Active", cancelled: "Cancelled", refused: "Refused" };
/** Reuses the moderation colours: green for paying, yellow for waiting, grey for ended. */
const STATUS_CLASS: Record<PremiumStatus, string> = { requested: "pending", active: "approved", cancelled: "rejected", refused: "rejected" };
const ACTION: Record<Target, { label: string; done: string; className: string }> = {
  active: { label: "Mark Active", done: "Plan activated", className: "admin-btn-ok" },
  cancelled: { label: "Cancel Plan", done: "Plan cancelled", className: "" },
  refused: { label: "Refuse", done: "Request refused", className: "admin-btn-danger" },
};
/** The moderation list's look, without its checkbox column: actions wrap below on narrow screens. */
const ROW_STYLE = { display: "flex", flexWrap: "wrap", alignItems: "flex-start", justifyContent: "space-between", gap: 10 } as const;

/** /premium: premium-plan sign-up requests; the administrator marks each active (paid outside the product), cancelled or refused. */
export default function PremiumPage() {
  return (
    <AdminLayout title="Premium Subscriptions">
      <PremiumScreen />
    </AdminLayout>
  );
}

function PremiumScreen() {
  const { utils, toast, formatDay, confirm, confirmDialog } = useAdminScreen();
  const [filter, setFilter] = useState<PremiumStatus | "">("");
  const [page, setPage] = useState(1);
  const list = trpc.premiumAdmin.list.useQuery({ status: filter || undefined, page, pageSize: PAGE_SIZE }, { staleTime: 0 });
  const revenue = trpc.analytics.revenue.useQuery(undefined, { staleTime: 0 });
  const payments = trpc.premiumAdmin.payments.useQuery(undefined, { staleTime: 0 });
  useExpireOnUnauthorized(list.error);
  const setStatus = trpc.premiumAdmin.setStatus.useMutation();
  const date = (iso: string | null) => (iso ? formatDay(iso) : "—");

  async function change(signup: Signup, status: Target) {
    // Ending a paying plan or turning a request down is confirmed first; activating is not.
    if (status !== "active") {
      const plan = `${PREMIUM_PLANS[signup.plan].label.toLowerCase()} plan of ${signup.email}`;
      const ok = await confirm(
        status === "cancelled"
          ? { title: "Cancel plan", message: <>Cancel the {plan}? It stops counting toward monthly recurring revenue.</>, confirmLabel: "Yes, cancel plan" }
          : { title: "Refuse request", message: <>Refuse the request for the {plan}?</>, confirmLabel: "Yes, refuse" },
      );
      if (!ok) return;
    }
    try {
      await setStatus.mutateAsync({ id: signup.id, status });
      toast({ title: ACTION[status].done, description: `${signup.email} · ${PREMIUM_PLANS[signup.plan].label} plan is now ${STATUS_LABEL[status].toLowerCase()}.` });
    } catch (err) {
      toast({ title: "Error", description: `Failed to update the plan: ${(err as Error).message}`, variant: "destructive" });
    }
    await Promise.all([utils.premiumAdmin.list.invalidate(), utils.analytics.invalidate()]);
  }

  const counts = list.data?.counts ?? {};
  const all = PREMIUM_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      {confirmDialog}
      <section className="admin-card" aria-label="Premium revenue">
        <dl className="admin-figures">
          <Figure label="Active plans" value={payments.data?.connected ? revenue.data?.planMix.reduce((n, p) => n + p.activePlans, 0) : (counts.active ?? 0)} field="activePlans" />
          <Figure label="Awaiting activation" value={counts.requested ?? 0} field="requestedPlans" />
          <Figure label="Monthly recurring revenue" value={revenue.data?.monthlyRecurring} unit="usd" field="monthlyRecurring" />
          <Figure label="Revenue received" value={revenue.data?.totalRevenue} unit="usd" field="totalRevenue" />
        </dl>
        <p className="admin-small admin-muted">
          Monthly plan {`$${PREMIUM_PLANS.monthly.price}`} per month, annual plan {`$${PREMIUM_PLANS.annual.price}`} per year. Revenue figures count payments recorded from Stripe only.
        </p>
      </section>
      <PaymentsPanel data={payments.data} error={payments.error?.message} />

      <section className="admin-card" aria-label="Sign-up requests">
        <div className="admin-toolbar">
          <div className="admin-tabs" role="group" aria-label="Show">
            {(["", ...PREMIUM_STATUSES] as const).map((s) => (
              <button key={s} type="button" className={`admin-tab${s === filter ? " active" : ""}`} aria-pressed={s === filter} onClick={() => (setFilter(s), setPage(1))}>
                {s ? STATUS_LABEL[s] : "All"} ({s ? (counts[s] ?? 0) : all})
              </button>
            ))}
          </div>
        </div>
        {list.isLoading && <p className="admin-muted">Loading…</p>}
        {list.isError && <p className="admin-error">Could not load the requests: {list.error.message}</p>}
        {list.data && list.data.items.length === 0 && <p className="admin-muted">{filter ? `No ${STATUS_LABEL[filter].toLowerCase()} sign-ups.` : "No premium sign-ups yet. Requests from the Subscribe dialog appear here."}</p>}
        {list.data && list.data.items.length > 0 && (
          <ul className="admin-comments" aria-label="Premium sign-ups">
            {list.data.items.map((s) => (
              <li key={s.id} className="admin-comment" style={ROW_STYLE} data-signup-id={s.id}>
                <div className="admin-comment-body" style={{ flex: "1 1 260px", minWidth: 0 }}>
                  <div className="admin-comment-meta">
                    <strong>
                      <a href={`mailto:${s.email}`}>{s.email}</a>
                    </strong>
                    <span className={`admin-status admin-status-${STATUS_CLASS[s.status]}`} data-status={s.status}>
                      {STATUS_LABEL[s.status]}
                    </span>
                  </div>
                  <p className="admin-comment-text">
                    {PREMIUM_PLANS[s.plan].label} plan · ${PREMIUM_PLANS[s.plan].price} per {PREMIUM_PLANS[s.plan].period}
                  </p>
                  <p className="admin-small admin-muted">
                    Requested {date(s.createdAt)}
                    {s.activatedAt && ` · activated ${date(s.activatedAt)}`}
                    {s.cancelledAt && ` · cancelled ${date(s.cancelledAt)}`}
                  </p>
                </div>
                <div className="admin-row-actions">
                  {PREMIUM_TRANSITIONS[s.status].map((to) => (
                    <button
                      key={to}
                      type="button"
                      className={`admin-btn admin-btn-small ${ACTION[to as Target].className}`}
                      disabled={setStatus.isPending}
                      aria-label={`${ACTION[to as Target].label}: ${s.email}`}
                      onClick={() => change(s, to as Target)}
                    >
                      {ACTION[to as Target].label}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <div className="admin-pager">
            <button type="button" className="admin-btn admin-btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" className="admin-btn admin-btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </div>
        )}
      </section>
    </>
  );
}
