import type { RouterOutputs } from "../../trpc.js";
import { useSiteTime } from "./zonedTime.js";

const money = (n: number, currency = "usd") => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(n);

export type PaymentsOverview = RouterOutputs["premiumAdmin"]["payments"];

/** Paying members and paid invoices as Stripe reported them; says so plainly when payments are not connected.
 *  `error` is the failed load's message; without it and without data the overview is still loading. */
export function PaymentsPanel({ data, error }: { data: PaymentsOverview | undefined; error: string | undefined }) {
  // Days in the site's zone, as every other screen shows them.
  const { formatDay } = useSiteTime();
  const date = (iso: string | null) => (iso ? formatDay(iso) : "—");
  if (error !== undefined) return <p className="admin-error">Could not load payments: {error}</p>;
  if (!data) return <p className="admin-muted">Loading payments…</p>;
  return (
    <>
      {!data.connected && (
        <section className="admin-card" aria-label="Payments" data-payments="not-connected">
          <h2 className="admin-card-title">Payments are not connected</h2>
          <p className="admin-small admin-muted">
            Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL to take payments through Stripe. Until then the Subscribe dialog records requests, listed below, and revenue figures stay at zero.
          </p>
        </section>
      )}
      {data.connected && (
        <section className="admin-card" aria-label="Members">
          <h2 className="admin-card-title">Members ({data.members.length})</h2>
          {data.members.length === 0 ? (
            <p className="admin-muted">No subscriptions yet.</p>
          ) : (
            <ul className="payments-list" aria-label="Members">
              {data.members.map((m) => (
                <li key={m.id} data-member-id={m.id}>
                  <div>
                    <strong>{m.email ?? "Deleted account"}</strong> · {m.plan === "annual" ? "Annual" : "Monthly"} · <span data-status={m.status}>{m.status}</span>
                  </div>
                  <p className="admin-small admin-muted">
                    {money(m.monthlyAmount)} per month · since {date(m.startedAt)} · {m.endedAt ? `ended ${date(m.endedAt)}` : `renews ${date(m.currentPeriodEnd)}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {data.connected && (
        <section className="admin-card" aria-label="Payments">
          <h2 className="admin-card-title">Payments ({data.payments.length})</h2>
          {data.payments.length === 0 ? (
            <p className="admin-muted">No paid invoices yet.</p>
          ) : (
            <ul className="payments-list" aria-label="Paid invoices">
              {data.payments.map((p) => (
                <li key={p.id} data-payment-id={p.id}>
                  <div>
                    <strong>{money(p.amount, p.currency)}</strong> · {p.email ?? "Deleted account"} · {p.plan ?? "—"}
                  </div>
                  <p className="admin-small admin-muted">
                    Paid {date(p.paidAt)} · period {date(p.periodStart)} – {date(p.periodEnd)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
