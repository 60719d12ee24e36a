import { NEWSLETTER_SIGNUP_MESSAGE, newsletterConfirmInput, newsletterConfirmOutput, newsletterSubscribeInput, newsletterSubscribeOutput } from "../../schemas/site.js";
import { publicProcedure, router } from "../trpc.js";

export const newsletterRouter = router({
  subscribe: publicProcedure
    .meta({ openapi: { method: "POST", path: "/newsletter/subscribe", tags: ["newsletter"], protect: false, summary: "Sign an address up for the daily newsletter (double opt-in)", description: "Mails a confirmation link (/newsletter/confirm?token=…, valid 7 days); the address receives the newsletter only once it is confirmed. The answer is the same whatever the address's state (new, pending, subscribed, unsubscribed), so it reveals nothing about the address. Rate-limited per client (RATE_LIMIT_NEWSLETTER per minute)." } })
    .input(newsletterSubscribeInput)
    .output(newsletterSubscribeOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.limiter.consume("newsletter", ctx.clientKey, ctx.config.rateLimits.newsletter);
      await ctx.newsletter.subscribe(input.email);
      return { success: true, message: NEWSLETTER_SIGNUP_MESSAGE };
    }),
  confirm: publicProcedure
    .meta({ openapi: { method: "POST", path: "/newsletter/confirm", tags: ["newsletter"], protect: false, summary: "Confirm a sign-up with the signed token from the confirmation mail", description: "A token confirms the sign-up it was mailed for, once: while the address is active it changes nothing; after the address was unsubscribed (or confirmed and later disabled) a token mailed before that is a 400, and only a new sign-up's link subscribes it again. 400 when the token is altered, expired (7 days) or used; 404 when the address has no sign-up." } })
    .input(newsletterConfirmInput)
    .output(newsletterConfirmOutput)
    .mutation(({ ctx, input }) => ctx.newsletter.confirm(input.token)),
});
