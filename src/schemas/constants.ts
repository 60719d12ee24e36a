// Product constants shared by the server and the React app: labels, limits and copy texts,
// written once here.

/** At most this many procedures in one tRPC batch (src/trpc/batchGuard.ts): a long batch would hold the server for everyone. */
export const MAX_BATCH_SIZE = 10;

export const CATEGORIES = ["land", "sea", "air", "intelligence", "security", "politics", "analysis"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Category labels; politics has none and is shown capitalised like any other value. */
export const CATEGORY_LABELS: Partial<Record<string, string>> = {
  land: "Land Operations",
  sea: "Naval Operations",
  air: "Air Power",
  intelligence: "Intelligence & Cyber",
  security: "Security & Defense",
  analysis: "Strategic Analysis",
};

export const CATEGORY_DESCRIPTIONS: Partial<Record<string, string>> = {
  land: "Armies, armour, artillery and the programmes that equip ground forces.",
  sea: "Navies, shipbuilding, submarines and the security of the sea lanes.",
  air: "Air forces, combat aircraft, missiles, drones and air defence.",
  intelligence: "Espionage, signals intelligence, cyber operations and the space domain.",
  security: "Homeland security, counter-terrorism, alliances and defence industry.",
  politics: "Defence budgets, legislation, diplomacy and the politics of national security.",
  analysis: "In-depth assessments of strategy, capabilities and the balance of power.",
};

export const categoryLabel = (category: string) =>
  CATEGORY_LABELS[category] ?? (category ? category.charAt(0).toUpperCase() + category.slice(1) : category);

export const ARTICLE_STATUSES = ["published", "draft", "archived"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const CONTENT_TIERS = ["news_brief", "detailed_report", "premium_analysis"] as const;
export type ContentTier = (typeof CONTENT_TIERS)[number];

/**
 * An article's own fields: what the newsroom edits, a revision keeps, a restore brings back and an export carries,
 * in the order the History panel names them. Each has one column (entities/ArticleFields.ts) and one schema entry
 * (schemas/articleFields.ts); the compiler holds both, the repositories and the editor to this list.
 */
export const EDITABLE_ARTICLE_FIELDS = ["title", "slug", "excerpt", "content", "author", "category", "contentTier", "imageUrl", "imageAlt", "isBreaking", "isPremium", "status", "publishedAt"] as const;
export type EditableArticleField = (typeof EDITABLE_ARTICLE_FIELDS)[number];

export const COMMENT_STATUSES = ["approved", "pending", "rejected"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const PREMIUM_PLANS = {
  monthly: { price: 19.99, label: "Monthly", period: "month" },
  annual: { price: 199.99, label: "Annual", period: "year", badge: "Save 20%" },
} as const;
export type PremiumPlan = keyof typeof PREMIUM_PLANS;

export const PREMIUM_FEATURES = [
  "Unlimited premium analysis",
  "Daily briefings",
  "Expert commentary",
  "Early access to breaking news",
  "Ad-free reading",
  "Exclusive industry reports",
  "Mobile app access",
  "Cancel anytime",
] as const;

export const SHARE_HASHTAGS = ["Defense", "Military", "NationalSecurity"] as const;

export const TRENDING_TOPICS = [
  { topic: "Indo-Pacific naval build-up", label: "Hot" },
  { topic: "Hypersonic missile defence", label: "Trending" },
  { topic: "NATO eastern flank", label: "Rising" },
  { topic: "Drone warfare in Ukraine", label: "Active" },
  { topic: "Space Force procurement", label: "Emerging" },
] as const;

/** Fixed ad slot ids: one in the top banner, two inside the article, and the search and sidebar slots. */
export const AD_SLOTS = {
  topBanner: "1000000001",
  articleTop: "1000000002",
  articleBottom: "1000000003",
  sidebar: "1000000004",
  searchTop: "1000000005",
  searchMiddle: "1000000006",
  searchBottom: "1000000007",
} as const;

/** The class of the element that stands for a premium article's members-only part, named by its JSON-LD `hasPart`:
 *  on a member's page the gated part itself, on anyone else's the box that replaces it. */
export const GATED_CLASS = "paywalled-content";

export const PLACEHOLDER_IMAGE = "/images/placeholder-article.svg";

/** The default STOCK_SYMBOLS: defense contractors, as SYMBOL:Name. */
export const DEFAULT_STOCK_SYMBOLS =
  "LMT:Lockheed Martin,RTX:RTX Corporation,BA:Boeing,NOC:Northrop Grumman,GD:General Dynamics,GE:GE Aerospace,LHX:L3Harris Technologies,HII:Huntington Ingalls Industries";

export const TEXT_LIMITS = {
  title: 200,
  excerpt: 500,
  content: 200_000,
  slug: 200,
  author: 100,
  imageUrl: 1000,
  imageAlt: 300,
  commentName: 100,
  email: 254,
  comment: 5000,
  contactLabel: 200,
  contactPhone: 50,
  contactDescription: 1000,
  pageTitle: 200,
  pageContent: 200_000,
} as const;

export const EXCERPT_FALLBACK_LENGTH = 200;
/** A search shorter than this (trimmed) answers nothing. */
export const SEARCH_MIN_LENGTH = 2;
