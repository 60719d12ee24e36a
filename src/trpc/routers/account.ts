import { z } from "zod";
import { SIGN_IN_MESSAGE, accountSchema, portalOutput, signInInput, signInOutput } from "../../schemas/account.js";
import { successOutput } from "../../schemas/common.js";
import { ValidationError } from "../../lib/errors.js";
import { publicProcedure, readerProcedure, router } from "../trpc.js";

const tags = ["account"];

export const accountRouter = router({
  signIn: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/sign-in",
        tags,
        protect: false,
        successDescription: "Accepted",
        summary: "Mail a sign-in link (202, the same answer for every valid address)",
        description: "The link (/account/verify?token=…) works once, for 15 minutes; opening it shows a page whose button signs the reader in (creating a free account for a new address) and lands on /account. While the address's newest link has more than 10 minutes left, that link is mailed again rather than a new one. Rate-limited per client (RATE_LIMIT_SIGN_IN per minute, then 429), per client and address (3 mails a day) and per address (10 mails a day, whoever asks); past the last two the answer is the same and nothing is mailed.",
      },
    })
    .input(signInInput)
    .output(signInOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.readers.requestSignIn(input.email, ctx.clientKey);
      ctx.setRestStatus(202);
      return { success: true, message: SIGN_IN_MESSAGE };
    }),

  me: readerProcedure
    .meta({ openapi: { method: "GET", path: "/account", tags, protect: false, summary: "The signed-in reader's account: address, plan, status, renewal date (401 when not signed in)" } })
    .input(z.void())
    .output(accountSchema)
    .query(({ ctx }) => ctx.readers.account(ctx.reader)),

  signOut: publicProcedure
    .meta({ openapi: { method: "POST", path: "/account/sign-out", tags, protect: false, summary: "End the reader's session" } })
    .input(z.void())
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await ctx.readers.signOut(ctx.readerToken);
      ctx.setReaderCookie(null);
      return { success: true };
    }),

  portal: readerProcedure
    .meta({ openapi: { method: "POST", path: "/account/billing-portal", tags, protect: false, summary: "Open Stripe's customer portal (manage card, plan, invoices, cancellation)", description: "400 when the reader has never paid or payments are not configured." } })
    .input(z.void())
    .output(portalOutput)
    .mutation(async ({ ctx }) => {
      if (!ctx.stripe || !ctx.reader.stripeCustomerId) throw new ValidationError("There is no billing account to manage yet");
      return { url: await ctx.stripe.createPortal(ctx.reader.stripeCustomerId) };
    }),

  delete: readerProcedure
    .meta({ openapi: { method: "DELETE", path: "/account", tags, protect: false, summary: "Delete the signed-in reader's account", description: "Removes the account and its sessions and cancels the subscription at Stripe; paid invoices stay for the books without the e-mail address." } })
    .input(z.void())
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      // Cancelled at Stripe first: if Stripe cannot be reached the account stays, and nothing is billed for a deleted reader.
      const cancelled: string[] = [];
      if (ctx.stripe) {
        for (const id of await ctx.readers.runningSubscriptions(ctx.reader.id)) {
          await ctx.stripe.cancel(id);
          cancelled.push(id);
        }
      }
      await ctx.readers.deleteAccount(ctx.reader, cancelled);
      ctx.setReaderCookie(null);
      return { success: true };
    }),
});
