import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { AccountDto as Account } from "../../src/schemas/account.js";
import { PREMIUM_PLANS } from "../../src/schemas/constants.js";
import { Layout } from "../components/Layout.js";
import { SignInForm } from "../components/premium/SignInForm.js";
import { useToast } from "../components/toast.js";
import { formatDate } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { errorStatus, rpc } from "../lib/rpc.js";

const STATUS_LABEL: Record<string, string> = {
  free: "Free account",
  active: "Active",
  trialing: "Trial",
  past_due: "Payment failed: please update your card",
  unpaid: "Unpaid",
  canceled: "Cancelled",
  incomplete: "Payment not completed",
  incomplete_expired: "Payment not completed",
  paused: "Paused",
};

/** /account: sign in by e-mail link, or the signed-in reader's plan, billing, sign out and deletion. */
export function AccountPage() {
  const { siteName } = useSite();
  useDocumentTitle(`Your account | ${siteName}`);
  const [params] = useSearchParams();
  const checkout = params.get("checkout");
  const { toast } = useToast();
  const signIn = rpc.account.signIn.useMutation();
  // Right after a checkout the webhook may still be on its way: ask again for a short while.
  const [polls, setPolls] = useState(0);
  const me = rpc.account.me.useQuery(undefined, { retry: false, refetchInterval: (q) => (checkout === "success" && !q.state.data?.member && polls < 20 ? 3000 : false) });
  useEffect(() => {
    if (me.dataUpdatedAt) setPolls((p) => p + 1);
  }, [me.dataUpdatedAt]);
  useEffect(() => {
    if (checkout === "success") toast({ title: "Subscription successful!", description: "Welcome to the premium plan. Check your email for confirmation." });
  }, [checkout]); // eslint-disable-line react-hooks/exhaustive-deps

  let body;
  if (me.isPending) body = <p role="status">Loading your account…</p>;
  else if (me.data) body = <AccountDetails account={me.data} confirming={checkout === "success" && !me.data.member} />;
  else if (errorStatus(me.error) === 401) {
    body = (
      <>
        {params.get("signin") === "expired" && (
          <div className="alert alert-error" role="alert">
            <p>That sign-in link has expired or was already used. Ask for a new one below.</p>
          </div>
        )}
        <SignInForm sentMessage={signIn.data?.message} error={signIn.error?.message} sending={signIn.isPending} onSignIn={(email) => signIn.mutate({ email })} />
      </>
    );
  } else
    body = (
      <div className="alert alert-error" role="alert">
        <p>Your account could not be loaded. Please try again in a moment.</p>
      </div>
    );
  return (
    <Layout trackView={false}>
      <div className="container account-page">
        <header className="page-header">
          <h1>Your account</h1>
        </header>
        {body}
      </div>
    </Layout>
  );
}


function AccountDetails({ account, confirming }: { account: Account; confirming: boolean }) {
  const { timeZone } = useSite();
  const { toast } = useToast();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fail = () => toast({ title: "Something went wrong", description: "Please try again later or contact support.", variant: "destructive" });
  const portal = rpc.account.portal.useMutation({ onSuccess: (d) => window.location.assign(d.url), onError: (e) => toast({ title: "Billing not available", description: e.message, variant: "destructive" }) });
  const signOut = rpc.account.signOut.useMutation({ onSuccess: () => window.location.assign("/"), onError: fail });
  const remove = rpc.account.delete.useMutation({ onSuccess: () => window.location.assign("/?account=deleted"), onError: fail });
  const plan = account.plan ? `${PREMIUM_PLANS[account.plan].label} · $${PREMIUM_PLANS[account.plan].price} per ${PREMIUM_PLANS[account.plan].period}` : "No plan";
  return (
    <div className="account-card" data-member={account.member}>
      {confirming && (
        <p className="account-note" role="status">
          Your payment is being confirmed: this page updates by itself in a few seconds.
        </p>
      )}
      <dl className="account-facts">
        <dt>Email</dt>
        <dd>{account.email}</dd>
        <dt>Plan</dt>
        <dd>{plan}</dd>
        <dt>Status</dt>
        <dd data-status={account.status}>{STATUS_LABEL[account.status] ?? account.status}</dd>
        <dt>Renews</dt>
        <dd>{account.renewsAt ? <time dateTime={account.renewsAt}>{formatDate(account.renewsAt, timeZone)}</time> : "—"}</dd>
      </dl>
      <div className="account-actions">
        {account.plan && (
          <button type="button" className="btn btn-primary" disabled={portal.isPending} onClick={() => portal.mutate()}>
            {portal.isPending ? "Opening..." : "Manage billing"}
          </button>
        )}
        <button type="button" className="btn btn-outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          Sign out
        </button>
      </div>
      <section className="account-danger" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete my account</h2>
        {confirmDelete ? (
          <>
            <p>This removes your account and signs you out everywhere{account.member ? ", and cancels your subscription now" : ""}. Invoices stay in our books without your address.</p>
            <div className="account-actions">
              <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? "Deleting..." : "Yes, delete my account"}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setConfirmDelete(false)}>
                Keep my account
              </button>
            </div>
          </>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => setConfirmDelete(true)}>
            Delete my account
          </button>
        )}
      </section>
    </div>
  );
}
