import { useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router-dom";
import { useNewsletterSignup, type NewsletterSignup } from "../hooks/islands/useNewsletterSignup.js";
import { FormName, FormNotice, useFormOutcome } from "./FormNotice.js";
import { formAnchor } from "../../src/schemas/readerForms.js";
import { fieldValue, useFieldsTypedBeforeCode } from "../lib/formFields.js";

type Variant = "card" | "footer";

/** The daily-briefing sign-up as the home sidebar card (an island) and the footer (inside the footer's island) use it. */
export function NewsletterForm({ variant = "card" }: { variant?: Variant }) {
  const signup = useNewsletterSignup();
  return <NewsletterSignupForm variant={variant} {...signup} />;
}

/** The e-mail field and its button; the field empties once the address is taken. Before (or without) the page's
 *  code it posts to the page itself, which answers with the outcome shown here (src/http/readerForms.ts). */
export function NewsletterSignupForm({ variant, subscribing, subscribe }: { variant: Variant } & NewsletterSignup) {
  const form = variant === "card" ? "newsletter-card" : "newsletter-footer";
  const { outcome, clear } = useFormOutcome(form);
  const [email, setEmail] = useState(outcome?.values.email ?? "");
  const id = useId();
  const { pathname, search } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsTypedBeforeCode(formRef, (read) => setEmail(read("email")));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = fieldValue(e.currentTarget, "email").trim();
    setEmail(value);
    if (!value) return;
    clear();
    void subscribe(value).then((taken) => taken && setEmail(""));
  };
  return (
    <form ref={formRef} id={formAnchor(form)} className={`newsletter-form newsletter-${variant}`} onSubmit={submit} method="post" action={pathname + search}>
      <FormNotice outcome={outcome} />
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <input id={id} name="email" type="email" required placeholder="Enter your email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={subscribing}>
        {subscribing ? "Subscribing..." : "Subscribe"}
      </button>
      <FormName form={form} />
    </form>
  );
}
