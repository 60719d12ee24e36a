import { useId, useState, type FormEvent } from "react";

interface SignInFormProps {
  /** The server's answer once a link was asked for (the same for every address). */
  sentMessage: string | undefined;
  /** Why the request failed, when it did. */
  error: string | undefined;
  sending: boolean;
  onSignIn: (email: string) => void;
}

/** Asks for a sign-in link by e-mail; once asked, shows the server's answer instead of the form. */
export function SignInForm({ sentMessage, error, sending, onSignIn }: SignInFormProps) {
  const [email, setEmail] = useState("");
  const emailId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) onSignIn(email.trim());
  };
  if (sentMessage !== undefined) {
    return (
      <div className="account-card" role="status">
        <h2>Check your inbox</h2>
        <p>{sentMessage}</p>
      </div>
    );
  }
  return (
    <form className="account-card signin-form" onSubmit={submit} method="post">
      <h2>Sign in</h2>
      <p>No password: we e-mail you a link that signs you in.</p>
      <label htmlFor={emailId} className="field-label">
        Email address
      </label>
      <input id={emailId} type="email" name="email" autoComplete="email" required placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
      {error !== undefined && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
        {sending ? "Sending..." : "Email me a sign-in link"}
      </button>
    </form>
  );
}
