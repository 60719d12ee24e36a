import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { SubscriptionStatusPage } from "../components/SubscriptionStatusPage.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { errorStatus, rpc } from "../lib/rpc.js";

/**
 * /newsletter/confirm?token=…: the double opt-in link from the confirmation mail. Opening the page
 * changes nothing (mail scanners fetch links by themselves); the reader's button POSTs the signed token.
 */
export function NewsletterConfirmPage() {
  const { siteName } = useSite();
  useDocumentTitle(`Confirm your subscription | ${siteName}`);
  const [params] = useSearchParams();
  const token = (params.get("token") ?? "").trim();
  const confirm = rpc.newsletter.confirm.useMutation();

  let title: string;
  let body: ReactNode;
  if (!token) {
    title = "Confirmation link incomplete";
    body = <p>This link is missing its token. Please open the link from your confirmation e-mail again.</p>;
  } else if (confirm.isSuccess) {
    title = "Subscribed!";
    body = (
      <p>
        <strong>{confirm.data.email}</strong> will receive the {siteName} daily briefing every morning. Each e-mail has a one-click unsubscribe link. <Link to="/">Back to the latest news</Link>.
      </p>
    );
  } else if (confirm.isError) {
    const status = errorStatus(confirm.error);
    title = status === 400 ? "Confirmation link not valid" : status === 404 ? "Sign-up not found" : "Something went wrong";
    body =
      status === 400 ? (
        <p>{confirm.error.message}. You can sign up again with the form on the <Link to="/">home page</Link>.</p>
      ) : status === 404 ? (
        <p>There is no sign-up for this address any more. You can sign up again on the <Link to="/">home page</Link>.</p>
      ) : (
        <>
          <p>We could not confirm your subscription just now. Please try again.</p>
          <button type="button" className="btn btn-primary" onClick={() => confirm.mutate({ token })}>
            Try again
          </button>
        </>
      );
  } else {
    title = "Confirm your subscription";
    body = (
      <>
        <p>Press the button to start receiving the {siteName} daily defense briefing.</p>
        <button type="button" className="btn btn-primary" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
          {confirm.isPending ? "Confirming..." : "Confirm subscription"}
        </button>
      </>
    );
  }

  return <SubscriptionStatusPage title={title}>{body}</SubscriptionStatusPage>;
}
