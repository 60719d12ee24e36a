import { useSearchParams } from "react-router-dom";
import { SubscriptionStatusPage } from "../components/SubscriptionStatusPage.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";

const PASSWORD_HINT = "At least 10 characters.";

/**
 * /staff/accept?token=… (an invitation: name and password) and /staff/reset (ask for a link; with ?token=…, a new
 * password). Plain forms POSTed to the server (src/http/staffRoutes.ts), with or without JavaScript; the server
 * answers with a redirect and the message in the address (Post/Redirect/Get).
 */
export function StaffLinkPage({ kind }: { kind: "accept" | "reset" }) {
  const { siteName } = useSite();
  const [params] = useSearchParams();
  const token = (params.get("token") ?? "").trim();
  const error = params.get("error");
  const sent = params.get("sent") === "1";
  const done = params.get("done") === "1";
  useDocumentTitle(`${kind === "accept" ? "Join the newsroom" : "Reset your password"} | ${siteName}`);
  const alert = error ? <p role="alert" className="form-error">{error}</p> : null;

  if (kind === "accept")
    return (
      <SubscriptionStatusPage title={`Join the ${siteName} newsroom`}>
        {alert}
        {!token ? (
          <p>This invitation link is incomplete: open the link from your invitation e-mail again.</p>
        ) : (
          <form method="post" action="/staff/accept" className="stack-form">
            <input type="hidden" name="token" value={token} />
            <label>
              Your name (your byline)
              <input name="name" required maxLength={100} autoComplete="name" />
            </label>
            <label>
              Password
              <input name="password" type="password" required minLength={10} maxLength={200} autoComplete="new-password" aria-describedby="password-hint" />
            </label>
            <p id="password-hint">{PASSWORD_HINT}</p>
            <button type="submit" className="btn btn-primary">
              Join
            </button>
          </form>
        )}
      </SubscriptionStatusPage>
    );
  return (
    <SubscriptionStatusPage title="Reset your newsroom password">
      {alert}
      {done ? (
        <p>
          Your password is changed and every session ended. <a href="/admin">Sign in</a> with the new password.
        </p>
      ) : token ? (
        <form method="post" action="/staff/reset" className="stack-form">
          <input type="hidden" name="token" value={token} />
          <label>
            New password
            <input name="password" type="password" required minLength={10} maxLength={200} autoComplete="new-password" />
          </label>
          <p>{PASSWORD_HINT}</p>
          <button type="submit" className="btn btn-primary">
            Set the new password
          </button>
        </form>
      ) : sent ? (
        <p>If that address belongs to a staff member, a reset link is on its way. It works once, for one hour.</p>
      ) : (
        <form method="post" action="/staff/reset-request" className="stack-form">
          <label>
            Your newsroom e-mail address
            <input name="email" type="email" required maxLength={254} autoComplete="email" />
          </label>
          <button type="submit" className="btn btn-primary">
            Mail me a reset link
          </button>
        </form>
      )}
    </SubscriptionStatusPage>
  );
}
