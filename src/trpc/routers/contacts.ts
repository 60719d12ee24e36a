import { z } from "zod";
import { successOutput } from "../../schemas/common.js";
import { contactCreateInput, contactSchema, contactUpdateInput } from "../../schemas/site.js";
import { adminProcedure, publicProcedure, router } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";

const tags = ["business-contacts"];

export const contactsRouter = router({
  list: publicProcedure
    .meta({ cache: cacheRules.contacts, openapi: { method: "GET", path: "/business-contacts", tags, protect: false, summary: "Business contacts by displayOrder", description: "Active contacts only; with the session of someone who manages the site, every contact." } })
    .input(z.void())
    .output(z.array(contactSchema))
    .query(async ({ ctx }) => {
      const admin = await ctx.can("site:manage");
      if (ctx.sessionToken) ctx.markPrivate();
      return ctx.contacts.list(admin);
    }),

  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/business-contacts", tags, summary: "Create a business contact" }, created: "/business-contacts/{id}" })
    .input(contactCreateInput)
    .output(contactSchema)
    .mutation(({ ctx, input }) => ctx.contacts.create(input)),

  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/business-contacts/{id}", tags, summary: "Update a business contact (the id comes from the path)" } })
    .input(contactUpdateInput)
    .output(contactSchema)
    .mutation(({ ctx, input }) => ctx.contacts.update(input)),

  delete: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/business-contacts/{id}", tags, summary: "Delete a business contact" } })
    .input(z.object({ id: z.string().min(1).max(100) }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.contacts.delete(input.id);
      return { success: true };
    }),
});
