import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { PREMIUM_FEATURES, PREMIUM_PLANS, type PremiumPlan } from "../../src/schemas/constants.js";
import { formAnchor } from "../../src/schemas/readerForms.js";
import { usePremiumSubscribe, type PremiumSubscribe } from "../hooks/islands/usePremiumSubscribe.js";
import { FormName, FormNotice, useFormOutcome } from "./FormNotice.js";
import { fieldValue, useFieldsTypedBeforeCode } from "../lib/formFields.js";
import { useToast } from "./toast.js";

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** The premium dialog's island (web/components/islands.tsx): the dialog wired to the plan request. */
export function PremiumDialog(props: DialogProps) {
  const request = usePremiumSubscribe();
  return <PremiumPlanDialog {...props} {...request} />;
}

/** The premium plan dialog: a native modal <dialog> (focus trapped, Escape closes, focus returns to the opener);
 *  it empties and closes once a plan is recorded. */
export function PremiumPlanDialog({ open, onClose, subscribing, subscribe }: DialogProps & PremiumSubscribe) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="premium-dialog" aria-labelledby={titleId} onClose={onClose} onClick={(e) => e.target === ref.current && onClose()}>
      <PremiumPlanForm subscribing={subscribing} subscribe={subscribe} onSubscribed={onClose}>
        <div className="dialog-head">
          <h2 id={titleId}>Upgrade to Premium</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
      </PremiumPlanForm>
    </dialog>
  );
}

/** The two plans, the features and the address: the dialog's form and the plans page's (/subscribe), which posts
 *  there before (or without) the page's code. `children` heads the form. */
export function PremiumPlanForm({ subscribing, subscribe, onSubscribed, children }: PremiumSubscribe & { onSubscribed?: () => void; children: ReactNode }) {
  const { outcome, clear } = useFormOutcome("plans");
  const [plan, setPlan] = useState<PremiumPlan>(outcome?.values.plan === "annual" ? "annual" : "monthly");
  const [email, setEmail] = useState(outcome?.values.email ?? "");
  const { toast } = useToast();
  const emailId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsTypedBeforeCode(formRef, (read) => {
    setEmail(read("email"));
    setPlan(read("plan") === "annual" ? "annual" : "monthly");
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    clear();
    const typed = fieldValue(e.currentTarget, "email").trim();
    const chosen: PremiumPlan = fieldValue(e.currentTarget, "plan") === "annual" ? "annual" : "monthly";
    setEmail(typed);
    setPlan(chosen);
    if (!typed) {
      toast({ title: "Email required", description: "Please enter your email address to continue.", variant: "destructive" });
      return;
    }
    void subscribe({ email: typed, plan: chosen }).then((recorded) => {
      if (!recorded) return;
      setEmail("");
      onSubscribed?.();
    });
  };

  return (
    <form ref={formRef} id={onSubscribed ? undefined : formAnchor("plans")} onSubmit={submit} noValidate className="premium-form" method="post" action="/subscribe">
      {children}
      <p className="dialog-lead">Get unlimited access to in-depth defense analysis and exclusive reports.</p>
      <FormNotice outcome={onSubscribed ? undefined : outcome} />
      <fieldset className="plans">
        <legend className="sr-only">Choose a plan</legend>
        {(Object.keys(PREMIUM_PLANS) as PremiumPlan[]).map((key) => {
          const p = PREMIUM_PLANS[key];
          return (
            <label key={key} className={`plan${plan === key ? " plan-selected" : ""}`}>
              <input type="radio" name="plan" value={key} checked={plan === key} onChange={() => setPlan(key)} />
              <span className="plan-name">{p.label}</span>
              <span className="plan-price">
                ${p.price}
                <small>/{p.period}</small>
              </span>
              {"badge" in p && <span className="badge badge-save">{p.badge}</span>}
            </label>
          );
        })}
      </fieldset>
      <ul className="feature-list">
        {PREMIUM_FEATURES.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <label htmlFor={emailId} className="field-label">
        Email address
      </label>
      <input id={emailId} type="email" name="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn btn-primary btn-block" disabled={subscribing}>
        {subscribing ? "Processing..." : "Subscribe Now"}
      </button>
      <FormName form="plans" />
    </form>
  );
}
