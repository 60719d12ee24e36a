import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { SubscriptionStatusPage } from "../components/SubscriptionStatusPage.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";

/**
 * /account/verify?token=…: the sign-in link from the mail. Opening it changes nothing (mail scanners fetch
 * links by themselves, and a link that signed in on a GET would sign in whoever fetched it); the reader's
 * button POSTs the token as a plain form, with or without JavaScript, and the server lands on /account.
 */
export function AccountVerifyPage() {
  const { siteName } = useSite();
  useDocumentTitle(`Sign in | ${siteName}`);
  const [params] = useSearchParams();
  const token = (params.get("token") ?? "").trim();
  const sent = useRef(false);
  const [sending, setSending] = useState(false);

  if (!token) {
    return (
      <SubscriptionStatusPage title="Sign-in link incomplete">
        <p>
          This link is missing its token. Please open the link from your sign-in e-mail again, or <Link to="/account">ask for a new one</Link>.
        </p>
      </SubscriptionStatusPage>
    );
  }
  return (
    <SubscriptionStatusPage title={`Sign in to ${siteName}`}>
      <p>Press the button to sign in on this device. The link works once.</p>
      <form
        method="post"
        action="/account/verify"
        onSubmit={(event) => {
          // A second press would find the link spent by the first.
          if (sent.current) event.preventDefault();
          sent.current = true;
          setSending(true);
        }}
      >
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="btn btn-primary" aria-disabled={sending || undefined}>
          {sending ? "Signing in..." : "Sign in"}
        </button>
      </form>
    </SubscriptionStatusPage>
  );
}
