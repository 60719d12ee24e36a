// The WordPress import's options, what the validating read of a file found (the mapping step shows it), and a
// job's status and report. Shared by the server, the admin screen and the command line.
import { z } from "zod";
import { CATEGORIES } from "./constants.js";

const category = z.enum(CATEGORIES);

export const importOptionsSchema = z.object({
  map: z
    .record(z.string().trim().min(1).max(200), category)
    .default({})
    .refine((m) => Object.keys(m).length <= 5000, "At most 5,000 mapped slugs")
    .describe("WordPress category or tag slug → one of our seven categories. A post takes the first of its categories (a child category inherits its parent's mapping), then of its tags, that is mapped; else a WordPress category named like one of ours; else defaultCategory"),
  defaultCategory: category.default("analysis").describe("The category of posts none of whose categories or tags is mapped"),
  stickyAsBreaking: z.boolean().default(false).describe("Sticky posts become breaking news"),
  dryRun: z.boolean().default(false).describe("Convert everything and report what would change, writing nothing"),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/** `a=land,b=sea,*=analysis`: the command line's and the upload's mapping (`*` names the default). */
export function parseMapArgument(text: string): { map: Record<string, (typeof CATEGORIES)[number]>; defaultCategory?: (typeof CATEGORIES)[number] } {
  const map: Record<string, (typeof CATEGORIES)[number]> = {};
  let defaultCategory: (typeof CATEGORIES)[number] | undefined;
  for (const pair of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const [slug, value] = pair.split("=").map((p) => p?.trim());
    if (!slug || !value || !(CATEGORIES as readonly string[]).includes(value)) throw new Error(`--map: "${pair}" is not slug=category with a category among ${CATEGORIES.join(", ")}`);
    if (slug === "*") defaultCategory = value as (typeof CATEGORIES)[number];
    else map[slug] = value as (typeof CATEGORIES)[number];
  }
  return { map, defaultCategory };
}

export const kindCountsSchema = z.object({
  inFile: z.number().int().describe("Items of this kind in the file"),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int().describe("Imported before and unchanged since: nothing written"),
  skipped: z.number().int().describe("Not imported: the problems list says why"),
});
export const importCountsSchema = z.object({
  posts: kindCountsSchema,
  pages: kindCountsSchema,
  comments: kindCountsSchema,
  redirects: kindCountsSchema.describe("inFile: the old addresses the import derived"),
  media: kindCountsSchema.describe("Images copied from --media-dir (command line only)"),
  attachments: z.number().int(),
  categories: z.number().int(),
  tags: z.number().int(),
  authors: z.number().int(),
  otherItems: z.number().int().describe("Items of other types (menus, custom post types): not imported"),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importProblemSchema = z.object({ item: z.string().describe("The item: its type, WordPress id and title"), message: z.string() });
export const keptHtmlSchema = z.object({ slug: z.string(), title: z.string(), elements: z.array(z.string()).describe("Element names kept as HTML in the article's markdown") });
export const importReportSchema = z.object({
  counts: importCountsSchema,
  problems: z.array(importProblemSchema).describe("Everything not imported as it was, and why (at most 1,000)"),
  keptHtml: z.array(keptHtmlSchema).describe("Articles whose markdown keeps some HTML"),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importAnalysisSchema = z.object({
  site: z.object({ title: z.string(), url: z.string(), wxrVersion: z.string() }),
  counts: z.object({ posts: z.number().int(), pages: z.number().int(), comments: z.number().int(), attachments: z.number().int(), categories: z.number().int(), tags: z.number().int(), authors: z.number().int(), otherItems: z.number().int() }),
  categories: z.array(z.object({ slug: z.string(), name: z.string(), parent: z.string(), posts: z.number().int(), suggested: category.nullable().describe("Ours of the same name, or the parent's") })),
  tags: z.array(z.object({ slug: z.string(), name: z.string(), posts: z.number().int() })).describe("The 50 most used tags (a tag may be mapped too)"),
});
export type ImportAnalysis = z.infer<typeof importAnalysisSchema>;

export const IMPORT_STATUSES = ["ready", "queued", "running", "done", "failed", "cancelled"] as const;
export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES).describe("ready: read and waiting for the mapping; queued/running: importing; done, failed, cancelled"),
  dryRun: z.boolean(),
  options: importOptionsSchema,
  analysis: importAnalysisSchema,
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  counts: importCountsSchema,
  problems: z.array(importProblemSchema),
  keptHtml: z.array(keptHtmlSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJobDto = z.infer<typeof importJobSchema>;

export const importStartInput = z.object({ id: z.string().uuid() }).extend(importOptionsSchema.shape);
