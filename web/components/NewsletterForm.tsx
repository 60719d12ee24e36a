import { useId, useState, type FormEvent } from "react";
import { useNewsletterSignup, type NewsletterSignup } from "../hooks/islands/useNewsletterSignup.js";

type Variant = "card" | "footer";

/** The daily-briefing sign-up as the home sidebar card (an island) and the footer (inside the footer's island) use it. */
export function NewsletterForm({ variant = "card" }: { variant?: Variant }) {
  const signup = useNewsletterSignup();
  return <NewsletterSignupForm variant={variant} {...signup} />;
}

/** The e-mail field and its button; the field empties once the address is taken. */
export function NewsletterSignupForm({ variant, subscribing, subscribe }: { variant: Variant } & NewsletterSignup) {
  const [email, setEmail] = useState("");
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return;
    void subscribe(value).then((taken) => taken && setEmail(""));
  };
  return (
    <form className={`newsletter-form newsletter-${variant}`} onSubmit={submit} method="post">
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <input id={id} type="email" required placeholder="Enter your email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={subscribing}>
        {subscribing ? "Subscribing..." : "Subscribe"}
      </button>
    </form>
  );
}
