import { useEffect, useRef, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { SubscriptionStatusPage } from "../components/SubscriptionStatusPage.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { errorStatus, rpc } from "../lib/rpc.js";

/**
 * /unsubscribe?token=…: the newsletter's one-click unsubscribe. Opening the link from the mail
 * unsubscribes (the request is made by the page's script, so mail scanners that merely fetch the
 * link change nothing); the token is signed by the server, so it cannot be forged for another address.
 */
export function UnsubscribePage() {
  const { siteName } = useSite();
  useDocumentTitle(`Unsubscribe | ${siteName}`);
  const [params] = useSearchParams();
  const token = (params.get("token") ?? "").trim();
  const unsubscribe = rpc.unsubscribe.confirm.useMutation();
  const started = useRef(false);

  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      unsubscribe.mutate({ token });
    }
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps

  let title: string;
  let body: ReactNode;
  if (!token) {
    title = "Unsubscribe link incomplete";
    body = <p>This link is missing its token. Please open the unsubscribe link from your newsletter e-mail again.</p>;
  } else if (unsubscribe.isError) {
    const status = errorStatus(unsubscribe.error);
    title = status === 404 ? "Subscription not found" : status === 400 ? "Unsubscribe link not valid" : "Something went wrong";
    body =
      status === 404 ? (
        <p>There is no newsletter subscription for this address any more.</p>
      ) : status === 400 ? (
        <p>This unsubscribe link is not valid. It may have been shortened or changed; please open the link from your newsletter e-mail again.</p>
      ) : (
        <>
          <p>We could not unsubscribe you just now. Please try again.</p>
          <button type="button" className="btn btn-primary" onClick={() => unsubscribe.mutate({ token })}>
            Try again
          </button>
        </>
      );
  } else if (unsubscribe.isSuccess) {
    title = "You have been unsubscribed";
    body = (
      <p>
        <strong>{unsubscribe.data.email}</strong> will no longer receive the {siteName} daily briefing. Changed your mind? You can subscribe again on the <Link to="/">home page</Link>.
      </p>
    );
  } else {
    title = "Unsubscribing…";
    body = <p aria-busy="true">One moment while we update your subscription.</p>;
  }

  return <SubscriptionStatusPage title={title}>{body}</SubscriptionStatusPage>;
}
