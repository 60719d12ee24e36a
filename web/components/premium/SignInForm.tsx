import { useId, useState, type FormEvent } from "react";
import { rpc } from "../../lib/rpc.js";

/** Asks for a sign-in link by e-mail; the answer is the same for every address. */
export function SignInForm() {
  const [email, setEmail] = useState("");
  const emailId = useId();
  const signIn = rpc.account.signIn.useMutation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) signIn.mutate({ email: email.trim() });
  };
  if (signIn.isSuccess) {
    return (
      <div className="account-card" role="status">
        <h2>Check your inbox</h2>
        <p>{signIn.data.message}</p>
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
      {signIn.isError && (
        <p className="form-error" role="alert">
          {signIn.error.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={signIn.isPending}>
        {signIn.isPending ? "Sending..." : "Email me a sign-in link"}
      </button>
    </form>
  );
}
