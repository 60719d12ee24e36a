/**
 * Sample articles for the development seed: fictional but plausible defense journalism, one module per category
 * under samples/ (bundled with the server like any module). Markdown bodies are written flush-left inside template
 * literals; an article lists only the fields that differ from SAMPLE_DEFAULTS.
 */
import { airArticles } from "./samples/air.js";
import { analysisArticles } from "./samples/analysis.js";
import { intelligenceArticles } from "./samples/intelligence.js";
import { landArticles } from "./samples/land.js";
import { politicsArticles } from "./samples/politics.js";
import { seaArticles } from "./samples/sea.js";
import { securityArticles } from "./samples/security.js";

export interface SampleArticle {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: "land" | "sea" | "air" | "intelligence" | "security" | "politics" | "analysis";
  contentTier: "news_brief" | "detailed_report" | "premium_analysis";
  /** null = staff byline */
  author: string | null;
  imageUrl: string | null;
  imageAlt: string | null;
  isBreaking: boolean;
  isPremium: boolean;
  status: "published" | "draft" | "archived";
  /** publishedAt = now - hoursAgo hours; negative means scheduled in the future */
  hoursAgo: number;
}

/** What most sample articles are: a published news brief under the staff byline, without an image. */
const SAMPLE_DEFAULTS = {
  contentTier: "news_brief",
  author: null,
  imageUrl: null,
  imageAlt: null,
  isBreaking: false,
  isPremium: false,
  status: "published",
} satisfies Partial<SampleArticle>;

/** A sample article as its category's module writes it: its category comes from the module, the defaults may be left out. */
export type SampleInput = Omit<SampleArticle, "category" | keyof typeof SAMPLE_DEFAULTS> & Partial<Pick<SampleArticle, keyof typeof SAMPLE_DEFAULTS>>;

const inCategory = (category: SampleArticle["category"], articles: SampleInput[]): SampleArticle[] => articles.map((article) => ({ ...SAMPLE_DEFAULTS, ...article, category }));

/** Every sample article, category by category (land, sea, air, intelligence, security, politics, analysis): the seed keeps this order. */
export const sampleArticles: SampleArticle[] = [
  ...inCategory("land", landArticles),
  ...inCategory("sea", seaArticles),
  ...inCategory("air", airArticles),
  ...inCategory("intelligence", intelligenceArticles),
  ...inCategory("security", securityArticles),
  ...inCategory("politics", politicsArticles),
  ...inCategory("analysis", analysisArticles),
];
