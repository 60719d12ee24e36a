import type { FormEvent, ReactNode } from "react";
import { FormName, useFormOutcome } from "../components/FormNotice.js";
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
  // The button posts the token as a plain form before (or without) the page's code: the server confirms and lands
  // here with the outcome named (src/http/readerForms.ts), or renders this page again with the error.
  const { outcome } = useFormOutcome("newsletter-confirm");
  const posted = confirm.isIdle ? outcome : undefined;
  const failedStatus = confirm.isError ? errorStatus(confirm.error) : posted?.notice.error ? posted.status : undefined;
  const failedMessage = confirm.isError ? confirm.error.message : posted?.notice.description;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate({ token });
  };

  let title: string;
  let body: ReactNode;
  if (posted && !posted.notice.error) {
    title = posted.notice.title;
    body = (
      <p>
        {posted.notice.description} <Link to="/">Back to the latest news</Link>.
      </p>
    );
  } else if (!token) {
    title = "Confirmation link incomplete";
    body = <p>This link is missing its token. Please open the link from your confirmation e-mail again.</p>;
  } else if (confirm.isSuccess) {
    title = "Subscribed!";
    body = (
      <p>
        <strong>{confirm.data.email}</strong> will receive the {siteName} daily briefing every morning. Each e-mail has a one-click unsubscribe link. <Link to="/">Back to the latest news</Link>.
      </p>
    );
  } else if (failedStatus !== undefined) {
    const status = failedStatus;
    title = status === 400 ? "Confirmation link not valid" : status === 404 ? "Sign-up not found" : "Something went wrong";
    body =
      status === 400 ? (
        <p>{failedMessage}. You can sign up again with the form on the <Link to="/">home page</Link>.</p>
      ) : status === 404 ? (
        <p>There is no sign-up for this address any more. You can sign up again on the <Link to="/">home page</Link>.</p>
      ) : (
        <>
          <p>We could not confirm your subscription just now. Please try again.</p>
          <ConfirmForm token={token} onSubmit={submit}>
            Try again
          </ConfirmForm>
        </>
      );
  } else {
    title = "Confirm your subscription";
    body = (
      <>
        <p>Press the button to start receiving the {siteName} daily defense briefing.</p>
        <ConfirmForm token={token} onSubmit={submit} disabled={confirm.isPending}>
          {confirm.isPending ? "Confirming..." : "Confirm subscription"}
        </ConfirmForm>
      </>
    );
  }

  return <SubscriptionStatusPage title={title}>{body}</SubscriptionStatusPage>;
}

/** The confirm button: a form posting the signed token to this page. */
function ConfirmForm({ token, onSubmit, disabled, children }: { token: string; onSubmit: (e: FormEvent) => void; disabled?: boolean; children: ReactNode }) {
  return (
    <form method="post" action={`/newsletter/confirm?token=${encodeURIComponent(token)}`} onSubmit={onSubmit}>
      <FormName form="newsletter-confirm" />
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        {children}
      </button>
    </form>
  );
}
