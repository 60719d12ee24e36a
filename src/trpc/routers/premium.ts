import { premiumSubscribeInput, premiumSubscribeOutput } from "../../schemas/site.js";
import { publicProcedure, router } from "../trpc.js";

export const premiumRouter = router({
  subscribe: publicProcedure
    .meta({ openapi: { method: "POST", path: "/premium/subscribe", tags: ["premium"], protect: false, summary: "Subscribe to a premium plan", description: "With Stripe configured: creates a Checkout Session (mode subscription, the address, the plan's price) and answers its url; the browser goes there and returns to /account?checkout=success. Without: records a sign-up request for the administrator. Rate-limited per client like newsletter sign-ups." } })
    .input(premiumSubscribeInput)
    .output(premiumSubscribeOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.limiter.consume("premium", ctx.clientKey, ctx.config.rateLimits.newsletter);
      if (ctx.stripe) return { success: true, url: await ctx.stripe.createCheckout(input.email, input.plan), plan: input.plan, status: "checkout" };
      const signup = await ctx.premium.request(input.email, input.plan);
      return { success: true, id: signup.id, plan: signup.plan, status: signup.status };
    }),
});
