// The daily-briefing sign-up. Only the newsletter form's island (and the footer's, itself an island) imports it,
// so its code stays out of every page's first chunk.
import { useToast } from "../../components/toast.js";
import { rpc } from "../../lib/rpc.js";

export interface NewsletterSignup {
  subscribing: boolean;
  /** Resolves true when the address was taken; the outcome is toasted. */
  subscribe: (email: string) => Promise<boolean>;
}

export function useNewsletterSignup(): NewsletterSignup {
  const { toast } = useToast();
  const mutation = rpc.newsletter.subscribe.useMutation({
    onSuccess: () => toast({ title: "Subscribed!", description: "You'll receive daily defense briefings in your inbox." }),
    onError: () => toast({ title: "Subscription failed", description: "Please try again later.", variant: "destructive" }),
  });
  return {
    subscribing: mutation.isPending,
    subscribe: (email) =>
      mutation.mutateAsync({ email }).then(
        () => true,
        () => false,
      ),
  };
}
