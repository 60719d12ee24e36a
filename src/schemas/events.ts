import { z } from "zod";

export const SHARE_NETWORKS = ["x", "facebook", "linkedin", "email", "copy"] as const;

const sitePath = z
  .string()
  .trim()
  .max(2000)
  .transform((v) => v.replace(/[?#].*$/, "").slice(0, 300))
  .refine((v) => /^\/(?!\/)[^\s]*$/.test(v), "path must be a site-relative path such as /article/slug")
  .describe("Site-relative path of the page (query and fragment are dropped)");
const articleId = z
  .number()
  .int()
  .positive()
  .max(2_147_483_647)
  .optional()
  .describe("The article shown; accepted for the beacon's convenience, but the server takes the article from the path (/article/{slug})");

/** One audience event as the beacon sends it (web/lib/analytics.ts). */
export const audienceEventInput = z
  .object({
    type: z.enum(["pageview", "share"]).describe("pageview: a page was shown; share: a share button was used"),
    path: sitePath,
    articleId,
    referrer: z.string().max(2000).optional().describe("pageview: document.referrer; only its host name is kept, and only on the first page of a visit"),
    network: z.enum(SHARE_NETWORKS).optional().describe("share: where the reader shared the page (required for shares)"),
  })
  .refine((e) => e.type !== "share" || e.network !== undefined, { message: "network is required for a share", path: ["network"] });
export type AudienceEventInput = z.infer<typeof audienceEventInput>;

export const audienceEventOutput = z.object({
  recorded: z.boolean().describe("False when the request came from a known bot and was not counted"),
});
