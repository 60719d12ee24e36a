import { useState } from "react";
import { useLocation } from "react-router-dom";
import { FORM_FIELD, formOutcome, type FormState, type ReaderFormId } from "../../src/schemas/readerForms.js";
import { useSite } from "../lib/site.js";

/**
 * What a reader's form shows of its last native post (src/schemas/readerForms.ts): the server's re-rendered failure
 * (with the reader's input) or the success its redirect named. `clear()` hides it once the page's code posts again.
 */
export function useFormOutcome(form: ReaderFormId) {
  const { form: failed } = useSite();
  const { search } = useLocation();
  const [outcome, setOutcome] = useState<FormState | undefined>(() => formOutcome(form, failed, new URLSearchParams(search)));
  return { outcome, clear: () => setOutcome(undefined) };
}

/** The form's own fields for a native post: which form it is (and, for a comment, of which article). */
export function FormName({ form }: { form: ReaderFormId }) {
  return <input type="hidden" name={FORM_FIELD} value={form} />;
}

/** The outcome in the page, where the form is: a status, or an alert for a failure. */
export function FormNotice({ outcome }: { outcome: FormState | undefined }) {
  if (!outcome) return null;
  const { title, description, error } = outcome.notice;
  return (
    <div className={`form-notice${error ? " form-notice-error" : ""}`} role={error ? "alert" : "status"}>
      <strong>{title}</strong> <span>{description}</span>
    </div>
  );
}
