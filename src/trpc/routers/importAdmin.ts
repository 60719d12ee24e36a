import { z } from "zod";
import { successOutput } from "../../schemas/common.js";
import { importJobSchema, importOptionsSchema, importStartInput } from "../../schemas/imports.js";
import { redirectCreateInput, redirectIdInput, redirectListInput, redirectListOutput, redirectSchema } from "../../schemas/redirects.js";
import { adminProcedure, router } from "../trpc.js";

const jobId = z.object({ id: z.string().uuid() });

/** WordPress imports (the upload itself is POST /api/admin/import, a raw body) and the redirect table. */
export const importAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/import", tags: ["import"], summary: "The 20 newest imports" } })
    .input(z.void())
    .output(z.array(importJobSchema))
    .query(({ ctx }) => ctx.importJobs.list()),

  status: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/import/{id}", tags: ["import"], summary: "An import's status, counts per kind, problems and what was kept as HTML" } })
    .input(jobId)
    .output(importJobSchema)
    .query(({ ctx, input }) => ctx.importJobs.get(input.id)),

  start: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/import/{id}/start", tags: ["import"], summary: "The mapping step: start an import uploaded with review=true" } })
    .input(importStartInput)
    .output(importJobSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...options } = input;
      return ctx.importJobs.start(id, importOptionsSchema.parse(options));
    }),

  cancel: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/import/{id}/cancel", tags: ["import"], summary: "Cancel an import that has not started (its file is dropped)" } })
    .input(jobId)
    .output(importJobSchema)
    .mutation(({ ctx, input }) => ctx.importJobs.cancel(input.id)),

  redirects: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/redirects", tags: ["redirects"], summary: "The redirect table, newest first, with hit counts" } })
    .input(redirectListInput)
    .output(redirectListOutput)
    .query(({ ctx, input }) => ctx.redirects.repository.list(input)),

  createRedirect: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/redirects", tags: ["redirects"], summary: "Redirect an old address (301) to a path on this site", description: "Consulted before the 404 page: an address one of our pages answers is never redirected. 409 when the address already redirects." }, created: "/admin/redirects/{id}" })
    .input(redirectCreateInput)
    .output(redirectSchema)
    .mutation(({ ctx, input }) => ctx.redirects.create(input.source, input.target)),

  deleteRedirect: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/redirects/{id}", tags: ["redirects"], summary: "Delete a redirect (the old address answers 404 again at once)" } })
    .input(redirectIdInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.redirects.delete(input.id);
      return { success: true };
    }),
});
