// Asking for a premium plan from the Subscribe dialog. Only the dialog's island imports it, so its code stays out
// of every page's first chunk.
import type { PremiumPlan } from "../../../src/schemas/constants.js";
import { useToast } from "../../components/toast.js";
import { rpc } from "../../lib/rpc.js";

export interface PremiumSubscribe {
  subscribing: boolean;
  /** Resolves true when the plan was recorded; with payments connected the browser leaves for Stripe's Checkout instead. */
  subscribe: (request: { email: string; plan: PremiumPlan }) => Promise<boolean>;
}

export function usePremiumSubscribe(): PremiumSubscribe {
  const { toast } = useToast();
  const mutation = rpc.premium.subscribe.useMutation({
    onError: () => toast({ title: "Subscription failed", description: "Please try again later or contact support.", variant: "destructive" }),
  });
  return {
    subscribing: mutation.isPending,
    subscribe: async (request) => {
      const data = await mutation.mutateAsync(request).catch(() => undefined);
      if (!data) return false;
      // With payments connected, Stripe's Checkout page takes over; success is shown back on /account.
      if (data.url) {
        window.location.assign(data.url);
        return false;
      }
      toast({ title: "Subscription successful!", description: "Welcome to the premium plan. Check your email for confirmation." });
      return true;
    },
  };
}
