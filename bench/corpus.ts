// Realistic generated articles for the reading benchmark: titles, excerpts and markdown bodies
// drawn from a defence vocabulary, and search queries drawn from the same words (so they match).
import { renderMarkdown, renderPaywallViews, type Heading } from "../src/lib/markdown.js";
import type { PaywallViews } from "../src/lib/paywallViews.js";
import { slugify } from "../src/schemas/slug.js";
import { CATEGORIES } from "../src/schemas/constants.js";
import { seededRandom, type Random } from "./random.js";

const ACTORS = [
  "NATO", "The Pentagon", "The Royal Navy", "The US Army", "The Air Force", "The Marine Corps", "Poland", "Japan", "Australia",
  "India", "South Korea", "Germany", "France", "Italy", "Sweden", "Finland", "Norway", "Turkey", "Israel", "Taiwan", "Canada",
  "The Netherlands", "Spain", "Romania", "The Baltic states", "The European Union", "Congress", "The Senate", "Lawmakers",
  "The Defence Ministry", "Naval Sea Systems Command", "The Space Force", "Cyber Command", "Allied commanders", "Analysts",
];
const VERBS = [
  "orders", "tests", "deploys", "unveils", "fields", "cancels", "delays", "upgrades", "retires", "expands", "funds", "doubles",
  "accelerates", "evaluates", "certifies", "commissions", "launches", "intercepts", "modernises", "procures", "shortlists", "trials",
];
const ADJECTIVES = [
  "autonomous", "hypersonic", "stealthy", "long-range", "unmanned", "amphibious", "armoured", "nuclear-powered", "sovereign",
  "next-generation", "modular", "expeditionary", "integrated", "tactical", "strategic", "maritime", "airborne", "electronic",
  "loitering", "precision", "low-cost", "heavy", "light", "coastal", "allied", "joint", "classified", "advanced", "digital",
];
const NOUNS = [
  "frigate", "destroyer", "submarine", "corvette", "carrier", "drone", "missile", "radar", "howitzer", "tank", "brigade",
  "battalion", "airbase", "fighter", "bomber", "interceptor", "satellite", "sensor", "shipyard", "convoy", "munitions",
  "artillery", "helicopter", "tanker", "minehunter", "patrol boat", "air defence", "rocket launcher", "sonar", "torpedo",
  "warhead", "jammer", "command post", "logistics hub", "training range", "ammunition plant", "early-warning aircraft",
  "reconnaissance aircraft", "armoured vehicle", "infantry fighting vehicle", "counter-drone system", "data link", "cyber unit",
  "special forces", "reserve force", "supply chain", "defence budget", "procurement programme", "export licence",
];
const PLACES = [
  "the Baltic", "the Black Sea", "the Arctic", "the Pacific", "the South China Sea", "the Taiwan Strait", "the Red Sea",
  "the Mediterranean", "the North Sea", "the Indo-Pacific", "Eastern Europe", "the High North", "the Sahel", "the Gulf",
  "the Korean Peninsula", "the Suez Canal", "the Strait of Hormuz", "the Atlantic", "Central Asia", "the Balkans",
];
const CONNECTORS = ["for", "in", "over", "near", "across", "to defend", "to patrol", "to protect"];
const SECTION_HEADINGS = [
  "Background", "What was announced", "The programme so far", "Costs and schedule", "Industrial base", "Operational impact",
  "What analysts say", "Risks", "The wider picture", "Next steps", "Budget implications", "Allied reactions", "Technical details",
  "Lessons from recent conflicts", "Training and readiness", "Export prospects", "Timeline",
];
const REPORTERS = ["Defense Sentinel Staff", "Defense Sentinel Staff", "Defense Sentinel Staff", "Maria Kowalski", "James Whitfield", "Aiko Tanaka", "Lars Eriksen", "Priya Raman"];
const IMAGES = ["capitol", "cyber", "fighter", "frigate", "map", "satellite", "soldiers", "tank"];
const YEARS = 8;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function title(r: Random) {
  const shapes = [
    () => `${r.pick(ACTORS)} ${r.pick(VERBS)} ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} ${r.pick(CONNECTORS)} ${r.pick(PLACES)}`,
    () => `${capitalise(r.pick(ADJECTIVES))} ${r.pick(NOUNS)} programme faces scrutiny as ${r.pick(ACTORS)} ${r.pick(VERBS)} ${r.pick(NOUNS)}s`,
    () => `Inside the race for ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}s in ${r.pick(PLACES)}`,
    () => `Why ${r.pick(ACTORS)} ${r.pick(VERBS)} its ${r.pick(NOUNS)} fleet`,
    () => `${r.pick(ACTORS)} and ${r.pick(ACTORS)} agree ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} deal`,
  ];
  return r.pick(shapes)().slice(0, 190);
}

/** A plain sentence: words and punctuation only, so its markdown is the text itself. */
function sentence(r: Random) {
  const shapes = [
    () => `${r.pick(ACTORS)} ${r.pick(VERBS)} a ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} ${r.pick(CONNECTORS)} ${r.pick(PLACES)}.`,
    () => `Officials said the ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} would enter service within ${2 + r.int(9)} years at a cost of ${1 + r.int(40)} billion dollars.`,
    () => `The ${r.pick(NOUNS)} is expected to work alongside the ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} already operating ${r.pick(CONNECTORS)} ${r.pick(PLACES)}.`,
    () => `Critics argue that the ${r.pick(NOUNS)} budget leaves too little for ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}s and ${r.pick(NOUNS)} stocks.`,
    () => `${capitalise(r.pick(ADJECTIVES))} ${r.pick(NOUNS)}s have changed how commanders think about ${r.pick(NOUNS)} protection.`,
    () => `A senior officer described the ${r.pick(NOUNS)} trial as a turning point for ${r.pick(ADJECTIVES)} operations.`,
  ];
  return r.pick(shapes)();
}

const paragraph = (r: Random, sentences: number) => Array.from({ length: sentences }, () => sentence(r)).join(" ");

function excerpt(r: Random) {
  let text = sentence(r);
  while (text.length < 90) text += " " + sentence(r);
  return text.length > 160 ? text.slice(0, 157).replace(/\s+\S*$/, "") + "..." : text;
}

/** A markdown body of a few KB: sections with headings, paragraphs, a list, sometimes a quote or a table, links inside the site. */
function markdownBody(r: Random) {
  const parts: string[] = [paragraph(r, 3)];
  const sections = 3 + r.int(4);
  for (let s = 0; s < sections; s++) {
    parts.push(`## ${r.pick(SECTION_HEADINGS)}`, paragraph(r, 3 + r.int(3)));
    const extra = r.int(5);
    if (extra === 0) parts.push(Array.from({ length: 3 + r.int(3) }, () => `- **${capitalise(r.pick(NOUNS))}:** ${sentence(r)}`).join("\n"));
    if (extra === 1) parts.push(`> ${sentence(r)} ${sentence(r)}`);
    if (extra === 2)
      parts.push(
        ["| System | Units | Year |", "|---|---|---|", ...Array.from({ length: 3 }, () => `| ${capitalise(r.pick(ADJECTIVES))} ${r.pick(NOUNS)} | ${1 + r.int(200)} | ${2026 + r.int(10)} |`)].join("\n"),
      );
    if (extra === 3) parts.push(`### ${capitalise(r.pick(NOUNS))} details`, paragraph(r, 2));
    parts.push(paragraph(r, 2 + r.int(3)) + ` See our [${r.pick(NOUNS)} coverage](/category/${r.pick(CATEGORIES)}).`);
  }
  return parts.join("\n\n");
}

export interface BodyTemplate {
  content: string;
  contentHtml: string;
  headings: string;
  /** The paywall views of LEAD_PLACEHOLDER's paragraph followed by the template (a premium article's, its lead put in). */
  paywallViews: PaywallViews;
}

/** One plain word: its paragraph renders as `<p>word</p>`, where a premium article's own lead goes. */
const LEAD_PLACEHOLDER = "Leadplaceholder";

/** Renders `count` body templates through the product's markdown pipeline, once each (not once per article). */
export async function bodyTemplates(count: number): Promise<BodyTemplate[]> {
  const r = seededRandom(7);
  const templates: BodyTemplate[] = [];
  for (let i = 0; i < count; i++) {
    const content = markdownBody(r);
    const { html, headings } = await renderMarkdown(content);
    const paywallViews = await renderPaywallViews(`${LEAD_PLACEHOLDER}\n\n${content}`);
    templates.push({ content, contentHtml: html, headings: JSON.stringify(headings satisfies Heading[]), paywallViews });
  }
  return templates;
}

export interface GeneratedArticle {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  contentHtml: string;
  headings: string;
  /** What a premium article's save stores (lib/markdown.ts renderArticleBody); null for a free one. */
  paywallViews: string | null;
  author: string;
  category: string;
  contentTier: string;
  imageUrl: string | null;
  imageAlt: string | null;
  isBreaking: boolean;
  isPremium: boolean;
  status: string;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * `scale` articles, oldest first, published over the last YEARS years; each body is a plain lead paragraph of its own
 * followed by one of the templates, so its HTML is the lead's paragraph plus the template's HTML.
 * The article at index `midIndex(scale)` is a published, free article: the one the benchmark reads.
 */
export function* generateArticles(scale: number, templates: BodyTemplate[], now = Date.now()): Generator<GeneratedArticle> {
  const r = seededRandom(1);
  const span = YEARS * 365 * 86_400_000;
  const start = now - span - 3_600_000;
  const mid = midIndex(scale);
  for (let i = 0; i < scale; i++) {
    const t = title(r);
    const template = r.pick(templates);
    const lead = paragraph(r, 2);
    const roll = r.random();
    const scheduled = i >= scale - 3 && i !== mid;
    const status = i === mid || scheduled ? "published" : roll < 0.02 ? "draft" : roll < 0.03 ? "archived" : "published";
    const publishedAt = scheduled ? new Date(now + (i - scale + 4) * 86_400_000) : status === "draft" ? null : new Date(start + Math.floor(((i + r.random()) / scale) * span));
    const createdAt = publishedAt && !scheduled ? publishedAt : new Date(start + Math.floor((i / scale) * span));
    const isPremium = i !== mid && r.random() < 0.1;
    const image = r.random() < 0.8 ? r.pick(IMAGES) : null;
    yield {
      slug: `${slugify(t).slice(0, 180).replace(/-$/, "")}-${i + 1}`,
      title: t,
      excerpt: excerpt(r),
      content: `${lead}\n\n${template.content}`,
      contentHtml: `<p>${lead}</p>\n${template.contentHtml}`,
      headings: template.headings,
      paywallViews: isPremium ? JSON.stringify({ ...template.paywallViews, previewHtml: template.paywallViews.previewHtml.replace(`<p>${LEAD_PLACEHOLDER}</p>`, `<p>${lead}</p>`) }) : null,
      author: r.pick(REPORTERS),
      category: r.pick(CATEGORIES),
      contentTier: isPremium ? "premium_analysis" : r.random() < 0.5 ? "news_brief" : "detailed_report",
      imageUrl: image ? `/images/sample/${image}.svg` : null,
      imageAlt: image ? `${capitalise(image)} illustration` : null,
      isBreaking: status === "published" && r.random() < 0.03,
      isPremium,
      status,
      publishedAt,
      createdAt,
      updatedAt: createdAt,
    };
  }
}

const midIndex = (scale: number) => Math.floor(scale / 2);

/** The article the benches measure: the middle one of the generated archive (generation is deterministic). */
export function middleArticle(scale: number, templates: BodyTemplate[], now: number): GeneratedArticle {
  let i = 0;
  for (const article of generateArticles(scale, templates, now)) if (i++ === midIndex(scale)) return article;
  throw new Error(`no article ${midIndex(scale)} in ${scale}`);
}

/** The first lines of comments readers leave; the benchmarked article gets a few approved ones. */
export function generateComments(count: number) {
  const r = seededRandom(3);
  return Array.from({ length: count }, (_, i) => ({
    authorName: `${r.pick(["Alex", "Sam", "Jordan", "Chris", "Taylor", "Robin"])} ${r.pick(["M.", "K.", "R.", "T."])}`,
    authorEmail: `reader${i + 1}@example.com`,
    content: `${sentence(r)} ${sentence(r)}`,
    status: "approved",
  }));
}

/**
 * `count` distinct search queries as readers type them: single words, two words, a word being typed (prefix), a quoted
 * phrase, a word and a prefix. Drawn from the article vocabulary so most of them match many articles.
 */
export function searchQueries(count: number): string[] {
  const r = seededRandom(11);
  const words = [...new Set([...NOUNS, ...ADJECTIVES, ...PLACES.map((p) => p.replace(/^the /, "")), ...ACTORS.map((a) => a.replace(/^The /, ""))].flatMap((w) => w.toLowerCase().split(/\s+/)))].filter(
    (w) => w.length >= 3,
  );
  const prefix = (w: string) => w.slice(0, Math.min(w.length, 3 + r.int(3)));
  const shapes = [
    () => r.pick(words),
    () => `${r.pick(words)} ${r.pick(words)}`,
    () => prefix(r.pick(words)),
    () => `"${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}"`,
    () => `${r.pick(words)} ${prefix(r.pick(words))}`,
    () => `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} ${r.pick(PLACES).replace(/^the /, "")}`,
  ];
  const queries = new Set<string>();
  for (let tries = 0; queries.size < count && tries < count * 20; tries++) queries.add(r.pick(shapes)());
  return [...queries];
}

/**
 * Queries of one kind each, for the per-kind rows of the bench. Common words and phrases come from the sentences
 * every body repeats (found in most of the archive); the rare words are in no generated article (the corpus draws
 * every text from one small vocabulary, so it has no word in only a few articles): what they cost is the index's
 * lookup alone. Prefixes are 3 to 5 letters of the vocabulary, as typed.
 */
export function searchKinds(): Record<string, string[]> {
  return {
    "common word": ["officials", "service", "expected", "critics", "budget", "commanders", "protection", "senior", "operations", "billion", "years", "alongside"],
    "common phrase": ['"senior officer"', '"turning point"', '"enter service"', '"billion dollars"', '"critics argue"', '"officials said"', '"already operating"', '"too little"'],
    "rare word": ["zeppelin", "trebuchet", "galleon", "blimp", "musket", "catapult", "ironclad", "dreadnought", "biplane", "longbow"],
    prefix: ["hyp", "subm", "frig", "artil", "comm", "sate", "inter", "amph", "logis", "recon"],
  };
}

/** What readers type into the header's search before they stop or choose: prefixes (2 letters and more) of a word,
 *  or of a second word after a first, in the order they are typed, `count` in all (a typed prefix recurs, as it does). */
export function suggestPrefixes(count: number): string[] {
  const r = seededRandom(13);
  const words = [...new Set([...NOUNS, ...ADJECTIVES, ...PLACES.map((p) => p.replace(/^the /, ""))].flatMap((w) => w.toLowerCase().split(/\s+/)))].filter((w) => w.length >= 3);
  const typed: string[] = [];
  while (typed.length < count) {
    const first = r.pick(words);
    const text = r.int(4) === 0 ? `${first} ${r.pick(words)}` : first;
    const start = text.includes(" ") ? first.length + 3 : 2;
    for (let n = start; n <= text.length && typed.length < count; n++) typed.push(text.slice(0, n));
  }
  return typed;
}
