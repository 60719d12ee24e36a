import { z } from "zod";
import { publicProcedure, router } from "../trpc.js";

const tokenInput = z.object({ token: z.string().trim().min(1, "token is required").max(1000).describe("The signed token from the unsubscribe link") });
const unsubscribeOutput = z.object({
  email: z.string().describe("The address, partly masked"),
  status: z.enum(["pending", "active", "unsubscribed", "bouncing"]).describe("pending: not confirmed yet; bouncing: the mail server refused the address"),
});
const tags = ["newsletter"];

export const unsubscribeRouter = router({
  lookup: publicProcedure
    .meta({ cache: false, openapi: { method: "GET", path: "/newsletter/unsubscribe", tags, protect: false, summary: "Check an unsubscribe link: the (masked) address and its status", description: "400 when the token's signature is wrong, 404 when the address has no subscription." } })
    .input(tokenInput)
    .output(unsubscribeOutput)
    .query(async ({ ctx, input }) => {
      ctx.markPrivate();
      return (await ctx.newsletter.lookup(input.token)) as z.infer<typeof unsubscribeOutput>;
    }),
  confirm: publicProcedure
    .meta({ openapi: { method: "POST", path: "/newsletter/unsubscribe", tags, protect: false, summary: "Unsubscribe the address the signed token names (idempotent)" } })
    .input(tokenInput)
    .output(unsubscribeOutput)
    .mutation(async ({ ctx, input }) => (await ctx.newsletter.unsubscribe(input.token)) as z.infer<typeof unsubscribeOutput>),
});
