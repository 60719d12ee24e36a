import { z } from "zod";
import { MAX_REDIRECT_LENGTH, isSiteRelativeTarget, normaliseSource } from "../lib/redirectPaths.js";
import { idParam, isoDate, nullableIsoDate } from "./common.js";

export const redirectSchema = z.object({
  id: z.number().int(),
  source: z.string().describe("The old address, normalised: decoded, lower case, no trailing slash; on the home address only WordPress's ?p=, ?page_id=, ?cat=, ?tag=, ?feed= parameters count"),
  target: z.string().describe("A path on this site"),
  origin: z.enum(["wordpress", "admin"]).describe("wordpress: written by an import; admin: added by hand"),
  hits: z.number().int().describe("Requests answered with this redirect (counted in memory and written every few seconds)"),
  lastHitAt: nullableIsoDate,
  createdAt: isoDate,
});
export type RedirectDto = z.infer<typeof redirectSchema>;

export const redirectListInput = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: z.string().trim().max(200).optional().describe("Only redirects whose source or target contains this text"),
});
export const redirectListOutput = z.object({ items: z.array(redirectSchema), total: z.number().int() });

export const redirectCreateInput = z.object({
  source: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .transform((v, ctx) => {
      const source = normaliseSource(v);
      if (!source || source === "/") ctx.addIssue({ code: "custom", message: "Give the old address as a path such as /2019/05/old-post/ (or a full URL of the old site)" });
      return source ?? "";
    })
    .describe("The old address: a path (/2019/05/old-post/) or a full URL of the old site; normalised before it is stored"),
  target: z
    .string()
    .trim()
    .max(MAX_REDIRECT_LENGTH)
    .refine(isSiteRelativeTarget, "The target must be a path on this site, such as /article/new-slug (no other site, no //host)")
    .describe("A path on this site, such as /article/new-slug"),
});
export const redirectIdInput = z.object({ id: idParam });
