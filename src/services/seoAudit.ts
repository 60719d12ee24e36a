import type { Article } from "../entities/Article.js";
import { BACKGROUND_REST_FACTOR, restingBy } from "../lib/backgroundRest.js";
import type { AuditedArticle, AuditRow, SeoAuditRepository } from "../repositories/seoAuditRepository.js";

export const SEO_LIMITS = { title: [30, 65], description: [70, 160] } as const;

/** Checks one article the way a search engine's guidelines would; the score is the share of checks passed. */
export function auditArticle(article: Pick<Article, "title" | "excerpt" | "imageUrl" | "imageAlt" | "headings" | "contentHtml">, siteUrl: string) {
  const titleLength = article.title.length;
  const descriptionLength = article.excerpt.length;
  const imageAlt = Boolean(article.imageUrl && article.imageAlt?.trim());
  let headings: number;
  try {
    headings = (JSON.parse(article.headings || "[]") as unknown[]).length;
  } catch {
    headings = 0;
  }
  const origin = siteUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const internalLinks = (article.contentHtml.match(new RegExp(`href="(/(?!/)|${origin}/)`, "g")) ?? []).length;
  const issues: string[] = [];
  if (titleLength < SEO_LIMITS.title[0] || titleLength > SEO_LIMITS.title[1]) issues.push(`Title is ${titleLength} characters (aim for ${SEO_LIMITS.title[0]}-${SEO_LIMITS.title[1]})`);
  if (descriptionLength < SEO_LIMITS.description[0] || descriptionLength > SEO_LIMITS.description[1])
    issues.push(`Description is ${descriptionLength} characters (aim for ${SEO_LIMITS.description[0]}-${SEO_LIMITS.description[1]})`);
  if (!imageAlt) issues.push(article.imageUrl ? "Image has no alt text" : "No image");
  if (headings === 0) issues.push("No headings in the body");
  if (internalLinks === 0) issues.push("No links to other pages of the site");
  const checks = 5;
  return { score: Math.round(((checks - issues.length) / checks) * 100), titleLength, descriptionLength, imageAlt, headings, internalLinks, issues };
}

/** Ids per range of the start-up audit of old articles: one query of keys alone finds those without an audit. */
export const AUDIT_ID_RANGE = 10_000;
/** Articles read (with their bodies) and audited per query of the start-up audit. */
export const AUDIT_SLICE = 50;

/** Stores each article's audit when it is saved, and audits articles saved before the audit existed. */
export class SeoAuditService {
  constructor(
    private readonly audits: SeoAuditRepository,
    private readonly siteUrl: string,
  ) {}

  async auditAndStore(article: Article): Promise<void> {
    await this.audits.save(this.auditRow(article));
  }

  private auditRow(article: AuditedArticle): AuditRow {
    const result = auditArticle(article, this.siteUrl);
    return { articleId: article.id, ...result, issues: JSON.stringify(result.issues), auditedAt: new Date() };
  }

  /**
   * Audits every article that has no stored audit yet. It walks the ids in ranges of `range`, each a query of keys
   * alone (so a start where every article has its audit reads no article), then reads and audits the articles found
   * without one `slice` at a time. It yields to the event loop between queries, so that at any archive size readers
   * are served meanwhile, and rests between them so that it never takes more than a quarter of the process's time
   * (`restFactor` 0: no rest, for a bench's loader); an aborted `signal` (shutdown) stops it between queries.
   */
  async auditMissing({
    signal,
    range = AUDIT_ID_RANGE,
    slice = AUDIT_SLICE,
    restFactor = BACKGROUND_REST_FACTOR,
  }: { signal?: AbortSignal; range?: number; slice?: number; restFactor?: number } = {}): Promise<number> {
    const resting = restingBy(restFactor);
    const last = await this.audits.maxArticleId();
    let done = 0;
    for (let from = 0; from < last && !signal?.aborted; from += range) {
      const ids = await resting(() => this.audits.unauditedIds(from, from + range));
      for (let i = 0; i < ids.length && !signal?.aborted; i += slice) {
        done += await resting(async () => {
          const rows = await this.audits.unaudited(ids.slice(i, i + slice));
          // One INSERT per slice; an audit stored meanwhile by a save (or another instance) wins.
          await this.audits.addMissing(rows.map((row) => this.auditRow(row)));
          return rows.length;
        });
      }
    }
    return done;
  }
}
