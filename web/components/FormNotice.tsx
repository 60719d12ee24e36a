import { useState } from "react";
import { FORM_FIELD, type FormState, type ReaderFormId } from "../../src/schemas/readerForms.js";
import { useSite } from "../lib/site.js";

/**
 * What a reader's form shows of its last native post (src/http/readerForms.ts), as the server rendered it into the
 * page: the failure (with the reader's input) or the success its redirect named. `clear()` hides it once the page's
 * code posts again.
 */
export function useFormOutcome(form: ReaderFormId) {
  const { form: shown } = useSite();
  const [outcome, setOutcome] = useState<FormState | undefined>(shown?.form === form ? shown : undefined);
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
