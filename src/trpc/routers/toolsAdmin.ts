import { z } from "zod";
import { renderMarkdown } from "../../lib/markdown.js";
import { headingSchema } from "../../schemas/article.js";
import { TEXT_LIMITS } from "../../schemas/constants.js";
import { router, staffProcedure } from "../trpc.js";

/** Helpers for the administrator's screens (operationId kept from the former name, adminTools, for partners' clients). */
export const toolsAdminRouter = router({
  preview: staffProcedure("articles:own")
    .meta({ openapi: { method: "POST", path: "/admin/preview", operationId: "adminTools-preview", tags: ["admin"], summary: "Render markdown with the readers' sanitising renderer, for the editor's live preview" }, audit: false })
    .input(z.object({ content: z.string().max(TEXT_LIMITS.content, `Content must be at most ${TEXT_LIMITS.content} characters`) }))
    .output(z.object({ html: z.string().describe("Sanitised HTML, exactly as readers will get it"), headings: z.array(headingSchema) }))
    .mutation(({ input }) => renderMarkdown(input.content)),
});
