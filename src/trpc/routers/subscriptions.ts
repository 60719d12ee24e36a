import { newsletterSubscribeInput, newsletterSubscribeOutput, premiumSubscribeInput, premiumSubscribeOutput } from "../../schemas/site.js";
import { publicProcedure, router } from "../trpc.js";

export const newsletterRouter = router({
  subscribe: publicProcedure
    .meta({ openapi: { method: "POST", path: "/newsletter/subscribe", tags: ["newsletter"], protect: false, summary: "Subscribe an address to the daily newsletter", description: "A repeat address is a success, not a second subscription; the answer is the same for new, known and unsubscribed addresses. Rate-limited per client (RATE_LIMIT_NEWSLETTER per minute)." } })
    .input(newsletterSubscribeInput)
    .output(newsletterSubscribeOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.limiter.consume("newsletter", ctx.clientKey, ctx.config.rateLimits.newsletter);
      // The same answer for a new, a known and an unsubscribed address: it must not reveal who is on the list.
      await ctx.newsletter.subscribe(input.email);
      return { success: true, message: "Subscribed" };
    }),
});

export const premiumRouter = router({
  subscribe: publicProcedure
    .meta({ openapi: { method: "POST", path: "/premium/subscribe", tags: ["premium"], protect: false, summary: "Request a premium plan (recorded for the administrator, who activates it once paid)", description: "Rate-limited per client like newsletter sign-ups." } })
    .input(premiumSubscribeInput)
    .output(premiumSubscribeOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.limiter.consume("premium", ctx.clientKey, ctx.config.rateLimits.newsletter);
      const signup = await ctx.premium.request(input.email, input.plan);
      return { success: true, id: signup.id, plan: signup.plan, status: signup.status };
    }),
});
