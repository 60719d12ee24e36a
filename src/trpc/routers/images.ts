import { z } from "zod";
import { mediaImageSchema } from "../../schemas/mediaApi.js";
import { successOutput } from "../../schemas/common.js";
import { router, staffProcedure } from "../trpc.js";

const tags = ["admin"];

/** The media library (uploads go through POST /api/admin/images with the raw image). */
export const imagesRouter = router({
  list: staffProcedure("media:library")
    .meta({ openapi: { method: "GET", path: "/admin/images", tags, summary: "Uploaded images, newest first, with the articles using each", description: "Upload with POST /api/admin/images: the raw image as the body with its image/* Content-Type (JPEG, PNG, WebP, AVIF or GIF, at most 10 MB); the answer (201) is one item of this list." } })
    .input(z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), offset: z.coerce.number().int().min(0).max(1_000_000).default(0) }))
    .output(z.object({ items: z.array(mediaImageSchema), total: z.number().int() }))
    .query(({ ctx, input }) => ctx.images.list(input)),

  delete: staffProcedure("media:library")
    .meta({ openapi: { method: "DELETE", path: "/admin/images/{id}", tags, summary: "Delete an uploaded image and its files", description: "409 while an article uses it." } })
    .input(z.object({ id: z.string().min(1).max(48).describe("Image id") }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.images.delete(input.id);
      return { success: true };
    }),
});
