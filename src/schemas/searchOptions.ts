// The sort and date options of a search, added to the article lists (schemas/article.ts) and the search page (schemas/search.ts).
import { z } from "zod";

import { SEARCH_SORTS } from "./searchConstants.js";

export type { SearchSort } from "./searchConstants.js";
/** A calendar day (YYYY-MM-DD, in the site's time zone) or an ISO-8601 date-time. */
const dayOrInstant = (edge: string) =>
  z
    .string()
    .max(40)
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) ? !Number.isNaN(Date.parse(v)) : /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), `${edge} must be a date (YYYY-MM-DD) or an ISO-8601 date-time`);

/** Optional fields added to the article lists (GET /api/articles, /api/article-cards) and the search page. */
export const searchOptionFields = {
  sort: z.enum(SEARCH_SORTS).describe("With q: relevance (default: title above excerpt above body, then newest) or newest; lists without q are always newest first").optional(),
  from: dayOrInstant("from").describe("Published at or after: a day (YYYY-MM-DD, from its start in the site's time zone) or an ISO-8601 date-time").optional(),
  to: dayOrInstant("to").describe("Published at or before: a day (YYYY-MM-DD, to its end in the site's time zone) or an ISO-8601 date-time").optional(),
};

