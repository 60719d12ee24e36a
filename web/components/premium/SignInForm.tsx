import { useId, useRef, useState, type FormEvent } from "react";
import { formAnchor } from "../../../src/schemas/readerForms.js";
import { FormName, useFormOutcome } from "../FormNotice.js";
import { fieldValue, useFieldsTypedBeforeCode } from "../../lib/formFields.js";

interface SignInFormProps {
  /** The server's answer once a link was asked for (the same for every address). */
  sentMessage: string | undefined;
  /** Why the request failed, when it did. */
  error: string | undefined;
  sending: boolean;
  onSignIn: (email: string) => void;
}

/** Asks for a sign-in link by e-mail; once asked, shows the server's answer instead of the form. Before (or
 *  without) the page's code the form posts to /account, which answers with the same outcome. */
export function SignInForm({ sentMessage: asked, error: failed, sending, onSignIn }: SignInFormProps) {
  const { outcome, clear } = useFormOutcome("signin");
  const [email, setEmail] = useState(outcome?.values.email ?? "");
  const emailId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsTypedBeforeCode(formRef, (read) => setEmail(read("email")));
  const sentMessage = asked ?? (outcome && !outcome.notice.error ? outcome.notice.description : undefined);
  const error = failed ?? (outcome?.notice.error ? outcome.notice.description : undefined);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    clear();
    const typed = fieldValue(e.currentTarget, "email").trim();
    setEmail(typed);
    if (typed) onSignIn(typed);
  };
  if (sentMessage !== undefined) {
    return (
      <div id={formAnchor("signin")} className="account-card" role="status">
        <h2>Check your inbox</h2>
        <p>{sentMessage}</p>
      </div>
    );
  }
  return (
    <form ref={formRef} id={formAnchor("signin")} className="account-card signin-form" onSubmit={submit} method="post" action="/account">
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
      <FormName form="signin" />
    </form>
  );
}
