import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { PREMIUM_FEATURES, PREMIUM_PLANS, type PremiumPlan } from "../../src/schemas/constants.js";
import { usePremiumSubscribe, type PremiumSubscribe } from "../hooks/islands/usePremiumSubscribe.js";
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
  const [plan, setPlan] = useState<PremiumPlan>("monthly");
  const [email, setEmail] = useState("");
  const { toast } = useToast();
  const titleId = useId();
  const emailId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      toast({ title: "Email required", description: "Please enter your email address to continue.", variant: "destructive" });
      return;
    }
    void subscribe({ email: email.trim(), plan }).then((recorded) => {
      if (!recorded) return;
      setEmail("");
      onClose();
    });
  };

  return (
    <dialog ref={ref} className="premium-dialog" aria-labelledby={titleId} onClose={onClose} onClick={(e) => e.target === ref.current && onClose()}>
      <form onSubmit={submit} noValidate className="premium-form" method="post">
        <div className="dialog-head">
          <h2 id={titleId}>Upgrade to Premium</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <p className="dialog-lead">Get unlimited access to in-depth defense analysis and exclusive reports.</p>
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
        <input id={emailId} type="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="btn btn-primary btn-block" disabled={subscribing}>
          {subscribing ? "Processing..." : "Subscribe Now"}
        </button>
      </form>
    </dialog>
  );
}
