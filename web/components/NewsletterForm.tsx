import { useId, useState, type FormEvent } from "react";
import { rpc } from "../lib/rpc.js";
import { useToast } from "./toast.js";

/** Daily-briefing sign-up, used by the home sidebar card and the footer. */
export function NewsletterForm({ variant = "card" }: { variant?: "card" | "footer" }) {
  const [email, setEmail] = useState("");
  const { toast } = useToast();
  const id = useId();
  const subscribe = rpc.newsletter.subscribe.useMutation({
    onSuccess: () => {
      toast({ title: "Subscribed!", description: "You'll receive daily defense briefings in your inbox." });
      setEmail("");
    },
    onError: () => toast({ title: "Subscription failed", description: "Please try again later.", variant: "destructive" }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return;
    subscribe.mutate({ email: value });
  };
  return (
    <form className={`newsletter-form newsletter-${variant}`} onSubmit={submit} method="post">
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <input id={id} type="email" required placeholder="Enter your email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={subscribe.isPending}>
        {subscribe.isPending ? "Subscribing..." : "Subscribe"}
      </button>
    </form>
  );
}
